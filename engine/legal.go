package engine

// A state keeps its legal actions in a list and a flag that says whether
// the list is current; Apply then checks an action against the list its
// agent has just been shown, without listing again. The functions below
// keep such a cache, so that every game starts Apply the same way:
//
//	if !engine.Admit(&s.legal, &s.legalOK, a, s.gen) {
//		return s.explain(a)
//	}
//
// gen appends the legal actions to its argument. A method value passed as
// gen does not escape, so the hot path allocates nothing.

// Admit reports whether a is a legal action, listing the legal actions
// into *list with gen first unless *listed says they are current.
func Admit(list *[]Action, listed *bool, a Action, gen func([]Action) []Action) bool {
	if !*listed {
		Relist(list, listed, gen)
	}
	return Contains(*list, a)
}

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
