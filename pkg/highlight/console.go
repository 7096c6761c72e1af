// This file is the hand-written console-session lexer (chroma's "Bash Session": console,
// shell-session, bash-session). A line that starts with a prompt is the prompt, its spaces, and the
// rest of the line lexed as a shell command on its own; any other line is output.
package highlight

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

// lexConsole yields chroma's Bash Session tokens for text, or false when the shell lexer gives up on
// one of its commands.
func lexConsole(text string) ([]chroma.Token, bool) {
	text, ok := normalise(text)
	if !ok {
		return nil, false
	}
	// chroma ends the text with a newline (its EnsureNL option) and stops lexing before that newline,
	// though a rule that reaches it still takes it.
	end := len(text)
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	out := newTokenList(text)
	for pos := 0; pos < end; {
		if !atLineStart(text, pos) {
			return nil, false
		}
		if prompt := consolePromptEnd(text, pos); prompt > 0 {
			// ^((?:\[[^]]+@[^]]+\]\s?)?[#$%>])(\s*)(.*\n?): the spaces may run over newlines.
			spaces := spaceEnd(text, prompt)
			command := lineEnd(text, spaces)
			if command < len(text) {
				command++
			}
			out.add(chroma.GenericPrompt, pos, prompt)
			out.add(chroma.Text, prompt, spaces)
			if !lexBashInto(text[spaces:command], spaces, out) {
				return nil, false
			}
			pos = command
			continue
		}
		if text[pos] == '\n' {
			// No rule matches an empty line: chroma emits it as an error token and goes on.
			out.add(chroma.Error, pos, pos+1)
			pos++
			continue
		}
		// ^.+\n?
		line := lineEnd(text, pos)
		if line < len(text) {
			line++
		}
		out.add(chroma.GenericOutput, pos, line)
		pos = line
	}
	return out.finish()
}

// consolePromptEnd matches (?:\[[^]]+@[^]]+\]\s?)?[#$%>] at pos (a prompt such as "$" or
// "[user@host]$ ") and returns its end, or 0.
func consolePromptEnd(text string, pos int) int {
	isPrompt := func(i int) bool { return i < len(text) && strings.IndexByte("#$%>", text[i]) >= 0 }
	if text[pos] == '[' {
		if close := strings.IndexByte(text[pos+1:], ']'); close >= 0 {
			inside := text[pos+1 : pos+1+close]
			// An @ with something on both sides; [^]] takes anything else, newlines included.
			if len(inside) >= 3 && strings.Contains(inside[1:len(inside)-1], "@") {
				after := pos + 2 + close
				r, n := runeAt(text, after)
				if n > 0 && isSpace(r) && isPrompt(after+n) {
					return after + n + 1
				}
				if isPrompt(after) {
					return after + 1
				}
			}
		}
	}
	if isPrompt(pos) {
		return pos + 1
	}
	return 0
}
