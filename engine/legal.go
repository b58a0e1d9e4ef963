package engine

// A state keeps its legal actions in a list and a flag that says whether
// the list is current; Apply then checks an action against the list its
// agent has just been shown, without listing again. The functions below
// keep such a cache, so that every game starts Apply the same way:
//
//	if !engine.Contains(engine.CachedLegal(&s.legal, &s.legalOK, s, (*state).gen), a) {
//		return s.explain(a)
//	}
//
// gen appends the legal actions of s to its argument. CachedLegal and
// Contains are small enough to be inlined, so the hot path (the list is
// current) is the same code as those lines written out in Apply, and
// allocates nothing.

// CachedLegal returns the legal actions of s, listing them into *list
// with gen first unless *listed says they are current. gen is a method
// expression ((*state).gen) rather than a method value (s.gen): a method
// value is built on the stack on every call, before CachedLegal knows
// whether it needs it.
func CachedLegal[S any](list *[]Action, listed *bool, s S, gen func(S, []Action) []Action) []Action {
	if !*listed {
		KeepLegal(list, listed, gen(s, (*list)[:0]))
	}
	return *list
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
