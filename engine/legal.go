package engine

// A state keeps its legal actions in a list and a flag that says whether
// the list is current; Apply then checks an action against the list its
// agent has just been shown, without listing again. The functions below
// keep such a cache, so that every game starts Apply the same way:
//
//	if !engine.Contains(engine.CachedLegal(&s.legal, &s.legalOK, s.gen), a) {
//		return s.explain(a)
//	}
//
// gen appends the legal actions to its argument. CachedLegal and Contains
// are small enough to be inlined, and the method value passed as gen then
// becomes a direct call: the hot path costs what the same lines written
// out in Apply cost, and allocates nothing.

// CachedLegal returns the legal actions, listing them into *list with gen
// first unless *listed says they are current.
func CachedLegal(list *[]Action, listed *bool, gen func([]Action) []Action) []Action {
	if !*listed {
		Relist(list, listed, gen)
	}
	return *list
}

// Relist lists the legal actions afresh into *list with gen and marks them
// current.
func Relist(list *[]Action, listed *bool, gen func([]Action) []Action) {
	KeepLegal(list, listed, gen((*list)[:0]))
}

// KeepLegal caches l, listed from (*list)[:0], as the current legal
// actions.
func KeepLegal(list *[]Action, listed *bool, l []Action) {
	// Storing a slice is a GC write barrier; when l did not outgrow the
	// list, storing the length alone is not.
	if cap(l) == cap(*list) {
		*list = (*list)[:len(l)]
	} else {
		*list = l
	}
	*listed = true
}
