package sim

import (
	"context"
	"encoding/binary"
	"fmt"

	"kartenwerk/engine"
)

// Packed is a batch's games as a comparison on the same seeds needs them
// (DiffPacked): the names of the ways its games ended, then for each game
// in index order whether it failed, whether the simulation's cap stopped
// it, the seat that went first, its winners, how it ended and its length.
// About four bytes a game, so that a stored run can keep them, where a
// report keeps only totals.
type Packed []byte

// maxPackedReasons is how many ways of ending a packing names; a game
// that ended another way is packed as ending none of them.
const maxPackedReasons = 255

// Bits of a packed game's first byte; the seat that went first, plus
// one (0: not known), is the rest of it.
const (
	packedFailed = 1 << iota
	packedCapped
	packedFirstShift = iota
)

// Pack packs results, which are in index order.
func Pack(results []GameResult) Packed {
	var reasons []string
	index := map[string]int{}
	for _, r := range results {
		if _, ok := index[r.Reason]; !ok && r.Reason != "" && len(reasons) < maxPackedReasons {
			index[r.Reason] = len(reasons) + 1
			reasons = append(reasons, r.Reason)
		}
	}
	out := binary.AppendUvarint(make(Packed, 0, 4*len(results)), uint64(len(reasons)))
	for _, name := range reasons {
		out = binary.AppendUvarint(out, uint64(len(name)))
		out = append(out, name...)
	}
	for _, r := range results {
		b := byte(0)
		if r.Err != "" {
			b |= packedFailed
		}
		if r.Capped {
			b |= packedCapped
		}
		if r.First != engine.NoSeat {
			b |= byte(r.First+1) << packedFirstShift
		}
		out = append(out, b, byte(r.Winners), byte(index[r.Reason]))
		out = binary.AppendUvarint(out, uint64(r.Turns))
	}
	return out
}

// results unpacks p into games numbered from 0, and the ways they ended.
func (p Packed) results() ([]GameResult, []string, error) {
	rest := []byte(p)
	k, n := binary.Uvarint(rest)
	if n <= 0 || k > maxPackedReasons {
		return nil, nil, fmt.Errorf("packed games: no names of the ways they ended")
	}
	rest = rest[n:]
	reasons := make([]string, k)
	for i := range reasons {
		size, n := binary.Uvarint(rest)
		if n <= 0 || uint64(len(rest)-n) < size {
			return nil, nil, fmt.Errorf("packed games: way of ending %d is cut short", i+1)
		}
		reasons[i], rest = string(rest[n:n+int(size)]), rest[n+int(size):]
	}
	var out []GameResult
	for len(rest) > 0 {
		if len(rest) < 4 {
			return nil, nil, fmt.Errorf("packed games: game %d is cut short", len(out)+1)
		}
		r := GameResult{Index: len(out), Winners: engine.SeatSet(rest[1]), First: engine.Seat(rest[0]>>packedFirstShift) - 1,
			Capped: rest[0]&packedCapped != 0}
		if rest[0]&packedFailed != 0 {
			r.Err = "failed"
		}
		if i := int(rest[2]); i > len(reasons) {
			return nil, nil, fmt.Errorf("packed games: game %d ended a way not named", len(out)+1)
		} else if i > 0 {
			r.Reason = reasons[i-1]
		}
		turns, n := binary.Uvarint(rest[3:])
		if n <= 0 || turns > 1<<31 {
			return nil, nil, fmt.Errorf("packed games: game %d has no length", len(out)+1)
		}
		r.Turns = int(turns)
		out = append(out, r)
		rest = rest[3+n:]
	}
	return out, reasons, nil
}

// RunPacked is Run that also packs each game's outcome, for a later
// comparison on the same seeds.
func RunPacked(ctx context.Context, cfg Config) (*Report, Packed, error) {
	rep, results, err := runGames(ctx, cfg, true)
	if err != nil {
		return nil, nil, err
	}
	return rep, Pack(results), nil
}

// PairedDiffs are the differences of two batches compared game by game,
// figure by figure.
type PairedDiffs struct {
	Seats                   []Diff // each seat's win rate, p1 first
	Entrants                []Diff // each entrant's win rate, the first first
	First, Draw, Cap, Turns Diff
	// Reasons are the rates of each way of ending either batch saw, by
	// its name (DiffPacked only).
	Reasons map[string]Diff
}

// DiffPacked compares two batches of seats seats played on the same
// seeds, game by game, as DiffResults does; mirror says that they were
// mirrored (both alike).
func DiffPacked(seats int, mirror bool, base, other Packed) (PairedDiffs, error) {
	a, reasonsA, err := base.results()
	if err != nil {
		return PairedDiffs{}, err
	}
	b, reasonsB, err := other.results()
	if err != nil {
		return PairedDiffs{}, err
	}
	if len(a) != len(b) {
		return PairedDiffs{}, fmt.Errorf("packed games: %d against %d, where a comparison game by game needs as many", len(a), len(b))
	}
	d := pairedDiffs(seats, mirror, a, b)
	p := pairingOf(seats, mirror, a, b)
	d.Reasons = map[string]Diff{}
	for _, name := range append(reasonsA, reasonsB...) {
		if _, done := d.Reasons[name]; !done {
			d.Reasons[name] = p.rate("", name, func(r GameResult) (bool, bool) { return r.Reason == name, true })
		}
	}
	return d, nil
}

// pairedDiffs is DiffResults by figure, with each entrant's win rate.
func pairedDiffs(seats int, mirror bool, base, other []GameResult) PairedDiffs {
	d := DiffResults("", seats, mirror, base, other) // the seats, then the first player, draws, the cap and length
	out := PairedDiffs{Seats: d[:seats], First: d[seats], Draw: d[seats+1], Cap: d[seats+2], Turns: d[seats+3]}
	p := pairingOf(seats, mirror, base, other)
	for e := range seats {
		out.Entrants = append(out.Entrants, p.rate("", fmt.Sprintf("entrant %d win rate", e+1), entrantWon(e, seats, mirror)))
	}
	return out
}

// entrantWon is the event "entrant won" of a batch of seats seats. The
// entrant's seat follows from the game's index, as packed games keep no
// rotation: mirrored game i rotates by i mod seats (Config.rotation),
// and seat s plays entrant (s + rotation) mod seats.
func entrantWon(entrant, seats int, mirror bool) func(GameResult) (bool, bool) {
	return func(r GameResult) (bool, bool) {
		rotation := 0
		if mirror {
			rotation = r.Index % seats
		}
		return r.Winners.Has(engine.Seat((entrant - rotation + seats) % seats)), true
	}
}
