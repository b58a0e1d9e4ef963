package sim

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"kartenwerk/engine"
	"kartenwerk/engine/enginetest/trick"
	"kartenwerk/engine/i18n"
)

// TestBradleyTerryRecoversKnownStrengths samples a round robin from known
// strengths and fits them back: each within its interval for nearly all,
// and close.
func TestBradleyTerryRecoversKnownStrengths(t *testing.T) {
	truth := []float64{1.0, 0.4, 0, -0.3, -1.1}
	n := len(truth)
	rng := engine.NewRNG(11)
	covered, trials := 0, 0
	for rep := range 40 {
		wins, games := make([][]float64, n), make([][]float64, n)
		for i := range n {
			wins[i], games[i] = make([]float64, n), make([]float64, n)
		}
		for i := range n {
			for j := i + 1; j < n; j++ {
				p := logistic(truth[i] - truth[j])
				const g = 400
				k := 0.0
				for range g {
					if rng.Float64() < p {
						k++
					}
				}
				wins[i][j], wins[j][i], games[i][j], games[j][i] = k, g-k, g, g
			}
		}
		theta, se, err := FitBradleyTerry(wins, games)
		if err != nil {
			t.Fatal(err)
		}
		mean := 0.0
		for _, x := range truth {
			mean += x / float64(n)
		}
		for i := range n {
			want := truth[i] - mean
			trials++
			if math.Abs(theta[i]-want) <= z95*se[i] {
				covered++
			}
			if math.Abs(theta[i]-want) > 0.25 {
				t.Errorf("run %d, entrant %d: fitted %.3f, true %.3f", rep, i, theta[i], want)
			}
		}
	}
	if rate := float64(covered) / float64(trials); rate < 0.9 {
		t.Errorf("the 95%% intervals covered the true strength %.1f%% of the time", 100*rate)
	}
}

func TestMatrixStrengthsRankTheEntrants(t *testing.T) {
	iv := func(r float64) Interval { return Interval{Rate: r, N: 200} }
	m := &Matrix{Names: []string{"weak", "strong", "middle"},
		Rate: [][]Interval{
			{{}, iv(0.2), iv(0.35)},
			{iv(0.8), {}, iv(0.65)},
			{iv(0.65), iv(0.35), {}},
		},
		Games: [][]int{{0, 200, 200}, {200, 0, 200}, {200, 200, 0}}}
	s, err := m.FitStrengths()
	if err != nil {
		t.Fatal(err)
	}
	if s[0].Name != "strong" || s[1].Name != "middle" || s[2].Name != "weak" {
		t.Fatalf("ranking %v", s)
	}
	if !(s[0].Low < s[0].Rating && s[0].Rating < s[0].High) || s[0].VsAverage.Rate <= 0.5 || s[2].VsAverage.Rate >= 0.5 {
		t.Errorf("strongest %+v, weakest %+v", s[0], s[2])
	}
	var b strings.Builder
	m.Strengths = s
	m.WriteText(&b)
	if !strings.Contains(b.String(), "1. strong") {
		t.Errorf("the text lacks the ranking:\n%s", b.String())
	}
}

// Three entrants that beat one another round a circle, each win clear of
// 50% by its interval, are named as a cycle, once, in the text and HTML;
// a circle one of whose wins is not clear of 50% is not.
func TestMatrixNamesItsCycles(t *testing.T) {
	win := func(r float64) Interval { return Interval{Rate: r, Low: r - 0.07, High: r + 0.07, N: 100} }
	m := &Matrix{Names: []string{"fire", "earth", "water", "plain"},
		Rate: [][]Interval{
			{{}, win(0.9), win(0.1), win(0.55)},
			{win(0.1), {}, win(0.9), win(0.5)},
			{win(0.9), win(0.1), {}, win(0.5)},
			{win(0.45), win(0.5), win(0.5), {}},
		}}
	got := m.FindCycles()
	if len(got) != 1 || got[0] != [3]string{"fire", "earth", "water"} {
		t.Fatalf("cycles %v, want fire beats earth beats water beats fire alone", got)
	}
	m.Cycles = got
	var text, page strings.Builder
	m.WriteText(&text)
	if err := WriteHTML(&page, Document{Title: "t", Matrix: m}); err != nil {
		t.Fatal(err)
	}
	for what, out := range map[string]string{"text": text.String(), "HTML": page.String()} {
		if !strings.Contains(out, "fire beats earth, earth beats water and water beats fire") {
			t.Errorf("the %s does not name the cycle:\n%s", what, out)
		}
	}
}

func TestDisconnectedEntrantsAreRefused(t *testing.T) {
	games := [][]float64{{0, 10, 0, 0}, {10, 0, 0, 0}, {0, 0, 0, 10}, {0, 0, 10, 0}}
	wins := [][]float64{{0, 6, 0, 0}, {4, 0, 0, 0}, {0, 0, 0, 5}, {0, 0, 5, 0}}
	if _, _, err := FitBradleyTerry(wins, games); err == nil || !strings.Contains(err.Error(), "never met") {
		t.Errorf("two groups that never met: %v", err)
	}
}

// TestMatrixStrengthsFollowTheWins feeds the matrix of a mirrored
// MystiMons round robin (sim mystimons -n 40 --matrix
// Erd-Wall,Feuer-Aggro,Gezeiten-Kontrolle): a cycle in which the pair
// that one entrant lost in every deal has the smallest effective sample.
// The ranking must follow the games won, not the pairs' weights:
// Feuer-Aggro won the fewest games (36 of 80) and may not rank first.
func TestMatrixStrengthsFollowTheWins(t *testing.T) {
	iv := func(r, n float64) Interval { return Interval{Rate: r, N: n} }
	cases := []struct {
		name  string
		rate  [][]Interval
		order []string
	}{
		{"cycle with an all-lost pair", [][]Interval{
			{{}, iv(0.1, 42.75), iv(0.975, 39)},
			{iv(0.9, 42.75), {}, iv(0, 20)},
			{iv(0.025, 39), iv(1, 20), {}},
		}, []string{"Erd-Wall", "Gezeiten-Kontrolle", "Feuer-Aggro"}},
		{"identical agents replay a pair exactly", [][]Interval{
			{{}, iv(0.5, 1600), iv(0.7, 30)},
			{iv(0.5, 1600), {}, iv(0.2, 30)},
			{iv(0.3, 30), iv(0.8, 30), {}},
		}, []string{"Erd-Wall", "Gezeiten-Kontrolle", "Feuer-Aggro"}},
	}
	for _, c := range cases {
		m := &Matrix{Names: []string{"Erd-Wall", "Feuer-Aggro", "Gezeiten-Kontrolle"}, Rate: c.rate,
			Games: [][]int{{0, 40, 40}, {40, 0, 40}, {40, 40, 0}}}
		s, err := m.FitStrengths()
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range c.order {
			if s[i].Name != want {
				t.Errorf("%s: ranking %v, want %v", c.name, s, c.order)
				break
			}
		}
	}
}

// A matrix counts its games for cfg.Progress over all its pairings: a
// call a deal, rising to MatrixGames, each pairing's after the one before.
func TestMatrixProgressCountsEveryPairing(t *testing.T) {
	var seen []int
	cfg := Config{Game: trick.Game{}, Games: 7, Seed: 3, Workers: 1, Progress: func(done int) { seen = append(seen, done) }}
	if _, err := RunMatrix(t.Context(), cfg, AgentEntrants([]string{"random", "noisy:random=0.5", "greedy"})); err != nil {
		t.Fatal(err)
	}
	want := MatrixGames(7, 3)
	if want != 24 || len(seen) != want/2 || seen[len(seen)-1] != want {
		t.Fatalf("progress %v, want a call per deal up to %d (three pairings of 4 mirrored deals)", seen, want)
	}
	for i, done := range seen {
		if done != 2*(i+1) {
			t.Fatalf("progress %v: call %d counts %d games", seen, i+1, done)
		}
	}
}

// The matrix's columns stand apart whatever their names' lengths: each
// row's cells end where its column's name ends, and a long name keeps a
// gap from its neighbour, where "greedy greedy with random moves" read
// as one heading.
func TestMatrixTextAlignsItsColumns(t *testing.T) {
	iv := Interval{Rate: 0.5, Low: 0.4, High: 0.6, N: 100}
	m := &Matrix{Names: []string{"random", "greedy", "noisy:random=0.5"},
		Rate: [][]Interval{{{}, iv, iv}, {iv, {}, iv}, {iv, iv, {}}}}
	for _, l := range i18n.Langs {
		var b strings.Builder
		m.WriteTextIn(&b, l)
		lines := strings.Split(b.String(), "\n")
		head := []rune(lines[0])
		for j, name := range agentsIn(l, m.Names) {
			at := strings.Index(string(head), name)
			if at < 0 {
				t.Fatalf("%s: no column %q in %q", l, name, lines[0])
			}
			start := utf8.RuneCountInString(string(head)[:at])
			end := start + utf8.RuneCountInString(name)
			if j > 0 && string(head[start-3:start]) != "   " {
				t.Errorf("%s: %q has no gap before it in %q", l, name, lines[0])
			}
			for _, line := range lines[1:4] {
				row := []rune(line)
				if end > len(row) || row[end-1] == ' ' || end < len(row) && row[end] != ' ' {
					t.Errorf("%s: the cell of column %q does not end where its name does (rune %d) in %q", l, name, end, line)
				}
			}
		}
	}
}
