// Tests of the ranking over the real Vela site for entries of the synonym table in docsd.toml.

package search

import "testing"

// "add => create" (docsd.toml): the CLI adds what the API and the guides create ("vela add
// schedule", "Create a schedule"). A reader who names no part and adds something wants the guide
// that teaches it, whose heading says "Create" (LABELS A2: a verb of the same meaning counts), as
// for "approve build"; "add … api" stays the endpoint titled "Create …", the command typed whole
// stays the command.
func TestAddIsCreate(t *testing.T) {
	cases := []struct{ q, want string }{
		{"add a schedule", "/docs/usage/schedule_build"},
		{"add a deployment", "/docs/usage/managing-deployments"},
		{"add a secret", "/docs/usage/secrets"},
		{"add a user api", "/docs/reference/api/user/add"},
		{"vela add schedule", "/docs/reference/cli/schedule/add"},
	}
	wantOnSite(t, 1, cases)
}

// "… not … => troubleshooting", "… never … => troubleshooting" (docsd.toml): a reader who says
// something does not happen describes a symptom, which the docs answer under Troubleshooting
// (LABELS Q1: a troubleshooting section naming the symptom counts), not the reference of the thing
// it names; a query without such a word keeps its page.
func TestNotAndNeverAreSymptoms(t *testing.T) {
	cases := []struct{ q, want string }{
		{"hook never arrived", "/docs/usage/troubleshooting"},
		{"the webhook never came", "/docs/usage/troubleshooting"},
		{"repo is not active", "/docs/usage/troubleshooting"},
		{"enable a repo", "/docs/usage/enable_repo"},
		{"hook api", "/docs/reference/api/hook"},
	}
	wantOnSite(t, 1, cases)
}

// "… not … => troubleshooting", "… never … => troubleshooting" (docsd.toml) apply between other
// words only, in a query that is no task: the words in a question that is no symptom, a task said
// in the negative ("how do i not clone the repo": clone: false), advice ("never commit secrets"), a
// setting's value ("approve never": approve_build never) or the word alone (pull: never), leave
// the troubleshooting guide out of first place, which each had with "not, never => troubleshooting".
func TestNotAndNeverThatAreNoSymptom(t *testing.T) {
	cases := []struct{ q, want string }{
		{"how do i not clone the repo", "/docs/usage/tour/cloning"},
		{"how to not run step on pull request", "/docs/reference/yaml/steps"},
		{"never commit secrets", "/docs/usage/secrets"},
		{"approve never", "/docs/reference/cli/build/approve"},
		{"never", "/docs/usage/pull_policies"},
	}
	wantOnSite(t, 1, cases)
}
