package cardpool

import (
	"iter"
	"slices"
	"strings"
	"unicode"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// NoSuchCard is the problem of a deck line that names no card of the
// game: "Flaruu: no such card; did you mean Flaru?" when one of names is
// close, else a pointer to the game's card list. Every game's deck check
// uses it, so the CLI and the lobby suggest alike.
func NoSuchCard(d engine.DeckList, e engine.DeckEntry, game string, names iter.Seq[string]) engine.Problem {
	near, ok := Nearest(e.Card, names)
	if !ok {
		near, ok = Within(e.Card, names)
	}
	if ok {
		return d.Spoken(i18n.Shared, e, "deck.no_card_near", "near", near, "game", game)
	}
	return d.Spoken(i18n.Shared, e, "deck.no_card", "game", game)
}

// Within is the longest of names that the line holds as whole words,
// ignoring case: "Terrix" in "MystiMon Terrix (Stage 1)", a list that
// adds a card's type or set to its name.
func Within(line string, names iter.Seq[string]) (string, bool) {
	padded := " " + strings.Join(strings.FieldsFunc(key(line), notWordRune), " ") + " "
	best, bestLen := "", 2 // a name of one or two letters is no suggestion
	for cand := range names {
		words := strings.Join(strings.FieldsFunc(key(cand), notWordRune), " ")
		if len(words) > bestLen && strings.Contains(padded, " "+words+" ") {
			best, bestLen = cand, len(words)
		}
	}
	return best, best != ""
}

// notWordRune parts a name into words: at anything but letters and digits.
func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// Names lists the names of cards, for NoSuchCard.
func Names[C any](cards []C, name func(*C) string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := range cards {
			if !yield(name(&cards[i])) {
				return
			}
		}
	}
}

// Nearest is the name among names closest to name, ignoring case and
// surrounding space, when it is close enough to be a misspelling of it:
// at most 2 edits (a third of the name for longer names), and fewer than
// half its letters, so that a short word is not matched to any other.
// An edit is a letter added, removed, changed, or two neighbours swapped.
// The first of equally near names wins.
func Nearest(name string, names iter.Seq[string]) (string, bool) {
	want := []rune(key(name))
	n := len(want)
	limit := max(2, n/3)
	if 2*limit >= n {
		limit = (n - 1) / 2
	}
	best, bestD := "", limit+1
	var rows editRows
	for cand := range names {
		if d := rows.distance(want, []rune(key(cand)), bestD); d < bestD {
			best, bestD = cand, d
		}
	}
	return best, best != ""
}

// NearestNames lists up to k of names (each once) that could be
// misspellings of name, nearest first, as Nearest judges closeness; else
// the name a longer line holds (Within); else none.
func NearestNames(name string, names iter.Seq[string], k int) []string {
	want := []rune(key(name))
	n := len(want)
	limit := max(2, n/3)
	if 2*limit >= n {
		limit = (n - 1) / 2
	}
	type scored struct {
		name string
		d    int
	}
	var near []scored
	var rows editRows
	for cand := range names {
		if slices.ContainsFunc(near, func(s scored) bool { return s.name == cand }) {
			continue
		}
		if d := rows.distance(want, []rune(key(cand)), limit+1); d <= limit {
			near = append(near, scored{cand, d})
		}
	}
	slices.SortStableFunc(near, func(a, b scored) int { return a.d - b.d })
	var out []string
	for _, s := range near[:min(k, len(near))] {
		out = append(out, s.name)
	}
	if len(out) == 0 {
		if w, ok := Within(name, names); ok {
			out = append(out, w)
		}
	}
	return out
}

// Distance counts the edits that turn name a into name b, ignoring case and
// surrounding space: letters added, removed or changed, and neighbours
// swapped, as Nearest counts them.
func Distance(a, b string) int {
	ra, rb := []rune(key(a)), []rune(key(b))
	var rows editRows
	return rows.distance(ra, rb, len(ra)+len(rb)+1)
}

// editRows are the three rows of the distance table, kept between
// candidates.
type editRows struct{ prev2, prev, cur []int }

// distance is the optimal-string-alignment distance of a and b (Damerau's
// edits, each letter edited once), or any number ≥ cap once it is known to
// reach cap.
func (r *editRows) distance(a, b []rune, cap int) int {
	if diff := len(a) - len(b); diff >= cap || -diff >= cap {
		return cap
	}
	r.prev2, r.prev, r.cur = grow(r.prev2, len(b)+1), grow(r.prev, len(b)+1), grow(r.cur, len(b)+1)
	for j := range r.prev {
		r.prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		r.cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(r.prev[j]+1, r.cur[j-1]+1, r.prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, r.prev2[j-2]+1)
			}
			r.cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin >= cap {
			return cap
		}
		r.prev2, r.prev, r.cur = r.prev, r.cur, r.prev2
	}
	return r.prev[len(b)]
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}
