package sim

import (
	"context"
	"encoding/binary"
	"fmt"

	"kartenwerk/engine"
)

// Packed is a batch's games as a comparison on the same seeds needs them
// (DiffPacked): for each game in index order, whether it failed, whether
// the simulation's cap stopped it, the seat that went first, its winners
// and its length. About three bytes a game, so that a stored run can keep
// them, where a report keeps only totals.
type Packed []byte

// Bits of a packed game's first byte; the seat that went first, plus
// one (0: not known), is the rest of it.
const (
	packedFailed = 1 << iota
	packedCapped
	packedFirstShift = iota
)

// Pack packs results, which are in index order.
func Pack(results []GameResult) Packed {
	out := make(Packed, 0, 3*len(results))
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
		out = append(out, b, byte(r.Winners))
		out = binary.AppendUvarint(out, uint64(r.Turns))
	}
	return out
}

// results unpacks p into games numbered from 0.
func (p Packed) results() ([]GameResult, error) {
	var out []GameResult
	for rest := []byte(p); len(rest) > 0; {
		if len(rest) < 3 {
			return nil, fmt.Errorf("packed games: game %d is cut short", len(out)+1)
		}
		r := GameResult{Index: len(out), Winners: engine.SeatSet(rest[1]), First: engine.Seat(rest[0]>>packedFirstShift) - 1,
			Capped: rest[0]&packedCapped != 0}
		if rest[0]&packedFailed != 0 {
			r.Err = "failed"
		}
		turns, n := binary.Uvarint(rest[2:])
		if n <= 0 || turns > 1<<31 {
			return nil, fmt.Errorf("packed games: game %d has no length", len(out)+1)
		}
		r.Turns = int(turns)
		out = append(out, r)
		rest = rest[2+n:]
	}
	return out, nil
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
	First, Draw, Cap, Turns Diff
}

// DiffPacked compares two batches of seats seats played on the same
// seeds, game by game, as DiffResults does; mirror says that they were
// mirrored (both alike).
func DiffPacked(seats int, mirror bool, base, other Packed) (PairedDiffs, error) {
	a, err := base.results()
	if err != nil {
		return PairedDiffs{}, err
	}
	b, err := other.results()
	if err != nil {
		return PairedDiffs{}, err
	}
	if len(a) != len(b) {
		return PairedDiffs{}, fmt.Errorf("packed games: %d against %d, where a comparison game by game needs as many", len(a), len(b))
	}
	return pairedDiffs(seats, mirror, a, b), nil
}

// pairedDiffs is DiffResults by figure.
func pairedDiffs(seats int, mirror bool, base, other []GameResult) PairedDiffs {
	d := DiffResults("", seats, mirror, base, other) // the seats, then the first player, draws, the cap and length
	return PairedDiffs{Seats: d[:seats], First: d[seats], Draw: d[seats+1], Cap: d[seats+2], Turns: d[seats+3]}
}
