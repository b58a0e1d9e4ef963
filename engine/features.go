package engine

// Featurer is a State that describes a position as a few numbers, the
// same for every position of its game, so that an evaluation can be
// learned from played games (a logistic regression over them says which
// ones win) and designers can read what each is worth.
type Featurer interface {
	// FeatureNames names the features in the order Features writes
	// them, as short words for tables: "hp", "bench", "vp".
	FeatureNames() []string
	// Features appends seat's features to dst and returns it. Each is
	// relative: seat's own figure minus the mean of its opponents', so
	// that in a two-seat game swapping the seats negates every feature.
	// It allocates nothing when dst has room.
	Features(seat Seat, dst []float64) []float64
}

// AppendRelative appends, for each of n features, seat's value minus the
// mean of the other seats' values. raw holds one row of n values per
// seat, seat after seat.
func AppendRelative(dst, raw []float64, n int, seat Seat) []float64 {
	seats := len(raw) / n
	me := raw[int(seat)*n : int(seat)*n+n]
	for i := range n {
		others := 0.0
		for q := range seats {
			if q != int(seat) {
				others += raw[q*n+i]
			}
		}
		dst = append(dst, me[i]-others/float64(max(seats-1, 1)))
	}
	return dst
}

// ToMoveFeature is the value of the usual "to_move" feature's raw row
// entry: 1 for the seat that decides now, else 0.
func ToMoveFeature(s State, q Seat) float64 {
	if s.ToMove() == q {
		return 1
	}
	return 0
}
