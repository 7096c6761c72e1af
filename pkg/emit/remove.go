package emit

// Remove takes a file out of the build: a rebuild that starts from the last build's files drops
// what no longer exists (an MDX page's old chunk after it changed).
func (f *Files) Remove(path string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.Data, path)
	delete(f.Packed, path)
	delete(f.spilled, path)
	delete(f.Copies, path)
}
