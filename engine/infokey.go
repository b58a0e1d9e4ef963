package engine

// InfoKeyer is implemented by a game whose seats hold private information
// that later decisions can depend on, such as the cards in a hand.
//
// A search that samples the hidden information (State.Determinize) and
// keys its tree by actions alone fuses, at every decision below a draw,
// all the cards the deciding seat might have drawn: its plan cannot depend
// on what it drew. Keying a decision's options also by the deciding seat's
// private key lets the plan differ where the seat's knowledge differs.
//
// PrivateKey summarizes what seat holds that only seat sees, in the state
// at hand: equal keys for states the seat cannot tell apart by its private
// cards, different keys (up to hash collisions) otherwise. It must read
// nothing else (no other seat's hidden cards, no deck order), must not
// allocate, and must be cheap: a search calls it at every step down its
// tree. Public information need not enter it; the actions that led to a
// node already fix it.
type InfoKeyer interface {
	PrivateKey(seat Seat) uint64
}
