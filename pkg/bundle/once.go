package bundle

import "sync"

// A Build or Update builds many pages, and many import the same stylesheet or component: work on
// such a file (compiling its Sass, taking out its Flow) is done once for the Build or Update, in
// maps that startBuild makes anew, and given to every page that asks, in parallel.

// onceResult is one file's result, shared by the builds of one Build or Update; done is closed
// once v and err are set.
type onceResult[T any] struct {
	done chan struct{}
	v    T
	err  error
}

// once gives f's result for key, run once per map: the first caller runs f, the others wait for
// its result. A nil map (outside a Build or Update) runs f every time.
func once[T any](m *sync.Map, key string, f func() (T, error)) (T, error) {
	if m == nil {
		return f()
	}
	c, loaded := m.LoadOrStore(key, &onceResult[T]{done: make(chan struct{})})
	r := c.(*onceResult[T])
	if !loaded {
		r.v, r.err = f()
		close(r.done)
	}
	<-r.done
	return r.v, r.err
}
