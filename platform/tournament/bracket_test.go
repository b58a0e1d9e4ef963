package tournament

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSeedOrder(t *testing.T) {
	cases := map[int]string{
		1:  "[1]",
		2:  "[1 2]",
		4:  "[1 4 2 3]",
		8:  "[1 8 4 5 2 7 3 6]",
		16: "[1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11]",
	}
	for size, want := range cases {
		if got := fmt.Sprint(SeedOrder(size)); got != want {
			t.Errorf("SeedOrder(%d) = %s, want %s", size, got, want)
		}
	}
}

// With favourites always winning, the top 2^k seeds are exactly the players
// left after the rounds that halve the field to 2^k: the seeding keeps the
// best apart until the end.
func TestSeedOrderKeepsTopSeedsApart(t *testing.T) {
	for size := 2; size <= 64; size *= 2 {
		field := SeedOrder(size)
		for len(field) > 1 {
			next := make([]int, 0, len(field)/2)
			for i := 0; i < len(field); i += 2 {
				if field[i]+field[i+1] != len(field)+1 {
					t.Fatalf("size %d: %d v %d in a round of %d", size, field[i], field[i+1], len(field))
				}
				next = append(next, min(field[i], field[i+1]))
			}
			field = next
		}
	}
}

func TestBracketFirstRoundWithByesForTopSeeds(t *testing.T) {
	seeds := []string{"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"}
	cases := []struct {
		n    int
		want string
	}{
		{8, "s1 v s8, s4 v s5, s2 v s7, s3 v s6"},
		{7, "s1 bye, s4 v s5, s2 v s7, s3 v s6"},
		{6, "s1 bye, s4 v s5, s2 bye, s3 v s6"},
		{5, "s1 bye, s4 v s5, s2 bye, s3 bye"},
		{3, "s1 bye, s2 v s3"},
		{2, "s1 v s2"},
	}
	for _, c := range cases {
		b, err := NewBracket(seeds[:c.n])
		must(t, err)
		if got := strings.Join(pairing(b.Round(1)), ", "); got != c.want {
			t.Errorf("%d seeds: %s, want %s", c.n, got, c.want)
		}
	}
}

func TestBracketAdvancesWinnersToTheFinal(t *testing.T) {
	b, err := NewBracket([]string{"s1", "s2", "s3", "s4", "s5", "s6"})
	must(t, err)
	// Round 1: s1 and s2 have byes; s5 upsets s4, s3 beats s6.
	must(t, b.Report(1, 2, GameScore{WinsA: 1, WinsB: 2}))
	must(t, b.RecordGame(1, 4, "s3"))
	must(t, b.RecordGame(1, 4, "s6"))
	must(t, b.RecordGame(1, 4, "s3"))
	round2, err := b.Advance()
	must(t, err)
	if got := strings.Join(pairing(round2), ", "); got != "s1 v s5, s2 v s3" {
		t.Fatalf("round 2: %s", got)
	}
	if _, done := b.Champion(); done {
		t.Fatal("a champion before the final")
	}
	must(t, b.Report(2, 1, GameScore{WinsA: 2}))
	must(t, b.Report(2, 2, GameScore{WinsB: 2}))
	final, err := b.Advance()
	must(t, err)
	if got := strings.Join(pairing(final), ", "); got != "s1 v s3" {
		t.Fatalf("final: %s", got)
	}
	must(t, b.Report(3, 1, GameScore{WinsA: 1, WinsB: 2}))
	if champion, done := b.Champion(); !done || champion != "s3" {
		t.Errorf("champion %q (%v), want s3", champion, done)
	}
	if _, err := b.Advance(); err == nil || !strings.Contains(err.Error(), "s3 won the final") {
		t.Errorf("advance after the final: %v", err)
	}
}

func TestBracketRefusals(t *testing.T) {
	b, err := NewBracket([]string{"a", "b", "c", "d"})
	must(t, err)
	if err := b.Report(1, 1, GameScore{WinsA: 1, WinsB: 1}); err == nil || !strings.Contains(err.Error(), "needs a winner") {
		t.Errorf("drawn elimination match: %v", err)
	}
	if m := b.Round(1)[0]; m.Score != (GameScore{}) || m.Ended {
		t.Errorf("refused report changed the match: %+v", m)
	}
	if _, err := b.Advance(); err == nil || !strings.Contains(err.Error(), "no result yet at table 1, 2") {
		t.Errorf("advance with matches open: %v", err)
	}
	must(t, b.Report(1, 1, GameScore{WinsA: 2}))
	must(t, b.Report(1, 2, GameScore{WinsA: 2}))
	_, err = b.Advance()
	must(t, err)
	if err := b.Correct(1, 1, GameScore{WinsB: 2}, "wrong slip"); err == nil || !strings.Contains(err.Error(), "only the latest round") {
		t.Errorf("correcting a round whose winners moved on: %v", err)
	}
	if _, err := NewBracket([]string{"a"}); err == nil {
		t.Error("a one-player bracket was accepted")
	}
	if _, err := NewBracket([]string{"a", "a"}); err == nil {
		t.Error("a player seeded twice was accepted")
	}
}

// Random brackets of 2 to 40 players with random winners: each round
// halves the field, the number of rounds is log2 of the bracket size, a
// player who loses never plays again, and the champion is the only player
// who never lost.
func TestPropertyBracketsRunToOneChampion(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 500; trial++ {
		n := 2 + rng.IntN(39)
		seeds := make([]string, n)
		for i := range seeds {
			seeds[i] = fmt.Sprintf("p%d", i+1)
		}
		b, err := NewBracket(seeds)
		must(t, err)
		lost := map[string]bool{}
		for round := 1; ; round++ {
			matches := b.Round(round)
			if want := bracketSize(n) >> round; len(matches) != want {
				t.Fatalf("%d players, round %d: %d matches, want %d", n, round, len(matches), want)
			}
			for _, m := range matches {
				if lost[m.A] || lost[m.B] {
					t.Fatalf("%d players, round %d: a player who lost plays again: %+v", n, round, m)
				}
				if !m.IsBye() {
					winner := []GameScore{{WinsA: 2}, {WinsB: 2}, {WinsA: 2, WinsB: 1}, {WinsA: 1, WinsB: 2}}[rng.IntN(4)]
					must(t, b.Report(round, m.Table, winner))
				}
			}
			for _, m := range b.Round(round) {
				if m.Loser() != "" {
					lost[m.Loser()] = true
				}
			}
			if champion, done := b.Champion(); done {
				if len(lost) != n-1 || lost[champion] {
					t.Fatalf("%d players: champion %s, %d players lost", n, champion, len(lost))
				}
				break
			}
			if _, err := b.Advance(); err != nil {
				t.Fatal(err)
			}
		}
	}
}
