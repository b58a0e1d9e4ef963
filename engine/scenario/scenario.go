// Package scenario runs scenario files: a game set up in an explicit
// position, a list of actions, and expectations on the result. Rule tests
// are written this way where they read better as data, and designers use
// them to check card interactions (`kartenwerk scenario run FILE`).
//
// The format:
//
//	name: A Guard protects its player
//	rules: [ME-5.3, ME-6.2]
//	game: mysticelements
//	variant: {redraw: any-card}   # optional
//	seed: 1                       # optional
//	position: {...}               # engine.Position, read by the game
//	steps:
//	  - do: attack {Fire Drake} p2   # {Name} is the id of the only card so named,
//	    error: guard                 # {p2:Name} looks in p2's zones only
//	  - do: attack {Fire Drake} {Stone Sentinel}
//	  - expect: {to_move: p2, winner: none, counters: {p1.energy.red: 3},
//	             zones: {p2.grave: 1}, cards: {"{Stone Sentinel}": {zone: grave}},
//	             legal_contains: [pass], legal_excludes: ["attack {Fire Drake} p2"]}
//
// Expectations are checked against the omniscient view.
package scenario

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// File is a scenario as written.
type File struct {
	Name     string            `yaml:"name"`
	Rules    []string          `yaml:"rules"`
	Game     string            `yaml:"game"`
	Variant  map[string]string `yaml:"variant"`
	Seed     uint64            `yaml:"seed"`
	Seats    int               `yaml:"seats"`
	Position engine.Position   `yaml:"position"`
	Steps    []Step            `yaml:"steps"`

	src *engine.YAMLFile
}

// Step is one action, or one set of expectations.
type Step struct {
	Do string `yaml:"do"`
	// Error, with Do, says the action must be refused with this text in
	// the error.
	Error  string  `yaml:"error"`
	Expect *Expect `yaml:"expect"`
}

// Expect lists what must be true after the steps before it.
type Expect struct {
	ToMove        string                `yaml:"to_move"`
	Active        string                `yaml:"active"`
	Phase         string                `yaml:"phase"`
	Turn          int                   `yaml:"turn"`
	Round         int                   `yaml:"round"`
	Winner        string                `yaml:"winner"`
	Counters      map[string]int        `yaml:"counters"`
	Zones         map[string]any        `yaml:"zones"`
	Cards         map[string]CardExpect `yaml:"cards"`
	LegalContains []string              `yaml:"legal_contains"`
	LegalExcludes []string              `yaml:"legal_excludes"`
}

// CardExpect is what must be true of one card.
type CardExpect struct {
	// Zone is "grave" or "p2.grave".
	Zone      string         `yaml:"zone"`
	Status    []string       `yaml:"status"`
	NotStatus []string       `yaml:"not_status"`
	Counters  map[string]int `yaml:"counters"`
	Stats     map[string]int `yaml:"stats"`
}

// Load reads and decodes a scenario file strictly.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read scenario: %w", err)
	}
	return Parse(path, data)
}

// Parse decodes a scenario from its text; name is used in messages.
func Parse(name string, data []byte) (*File, error) {
	var f File
	src, err := engine.DecodeYAML(name, data, &f)
	if err != nil {
		return nil, err
	}
	f.src = src
	if f.Game == "" {
		return nil, engine.Problem{File: name, Line: 1, Msg: "the scenario names no game", Fix: "add `game: ID` (see `kartenwerk games`)"}
	}
	for i, st := range f.Steps {
		if (st.Do == "") == (st.Expect == nil) {
			return nil, f.src.Problem(fmt.Sprintf("$.steps[%d]", i), fmt.Sprintf("step %d", i+1),
				"a step is either `do: ACTION` (optionally with `error:`) or `expect: {...}`", "")
		}
	}
	return &f, nil
}

// Result is a finished run: the final state and every failed expectation.
type Result struct {
	State    engine.State
	Failures []engine.Problem
}

// Run looks up the file's game and runs the scenario. An error means the
// scenario could not run at all (unknown game, bad position, an action
// that does not parse); failed expectations are in Result.Failures.
func Run(f *File) (*Result, error) {
	g, err := engine.Lookup(f.Game)
	if err != nil {
		return nil, engine.Problem{File: f.src.Name, Line: f.src.Line("$.game"), Msg: err.Error()}
	}
	return RunGame(g, f)
}

// RunGame runs the scenario with the given game.
func RunGame(g engine.Game, f *File) (*Result, error) {
	pg, ok := g.(engine.Positioner)
	if !ok {
		return nil, fmt.Errorf("%s cannot start from a position", g.Info().ID)
	}
	seats := f.Seats
	if seats == 0 {
		seats = max(len(f.Position.Seats), g.Info().MinSeats)
	}
	setup := engine.Setup{Game: g.Info().ID, Seats: seats, Seed: f.Seed, Variant: f.Variant}
	s, err := pg.FromPosition(setup, f.Position)
	if err != nil {
		return nil, locatePosition(f, err)
	}
	r := &runner{g: g, f: f, res: &Result{State: s}}
	for i, st := range f.Steps {
		if err := r.step(i, st); err != nil {
			return r.res, err
		}
	}
	return r.res, nil
}

type runner struct {
	g   engine.Game
	f   *File
	res *Result
}

func (r *runner) fail(i int, subject, format string, args ...any) {
	r.res.Failures = append(r.res.Failures, r.f.src.Problem(fmt.Sprintf("$.steps[%d]", i),
		strings.TrimSpace(fmt.Sprintf("step %d %s", i+1, subject)), fmt.Sprintf(format, args...), ""))
}

func (r *runner) step(i int, st Step) error {
	s := r.res.State
	if st.Expect != nil {
		r.expect(i, st.Expect)
		return nil
	}
	text, err := ResolveRefs(s.View(engine.Omniscient), st.Do)
	if err != nil {
		return r.f.src.Problem(fmt.Sprintf("$.steps[%d].do", i), st.Do, err.Error(), "")
	}
	a, err := r.g.Info().Actions.Parse(text)
	if err != nil {
		return r.f.src.Problem(fmt.Sprintf("$.steps[%d].do", i), st.Do, err.Error(), "")
	}
	before := s.Hash()
	err = s.Apply(a)
	switch {
	case st.Error == "" && err != nil:
		r.fail(i, text, "refused: %v", err)
	case st.Error != "" && err == nil:
		r.fail(i, text, "was accepted, but should be refused with %q", st.Error)
	case st.Error != "" && !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(st.Error)):
		r.fail(i, text, "refused with %q, expected the error to contain %q", err, st.Error)
	case err != nil && s.Hash() != before:
		r.fail(i, text, "was refused but changed the state")
	}
	return nil
}

var refPattern = regexp.MustCompile(`\{([^{}]+)\}`)

// ResolveRefs replaces each {Name} or {p2:Name} in an action's text by the
// id ("c12") of the only card so named in the view (in p2's zones).
func ResolveRefs(v *engine.View, text string) (string, error) {
	var firstErr error
	out := refPattern.ReplaceAllStringFunc(text, func(m string) string {
		id, err := findCard(v, m[1:len(m)-1])
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return fmt.Sprintf("c%d", id)
	})
	return out, firstErr
}

func findCard(v *engine.View, ref string) (int, error) {
	seat := engine.NoSeat
	name := ref
	if s, n, ok := strings.Cut(ref, ":"); ok {
		parsed, err := engine.ParseSeat(s)
		if err != nil {
			return 0, fmt.Errorf("{%s}: %v", ref, err)
		}
		seat, name = parsed, strings.TrimSpace(n)
	}
	var found []string
	id := -1
	v.Walk(func(owner engine.Seat, zone string, c *engine.CardView) {
		if strings.EqualFold(c.Name, name) && (seat == engine.NoSeat || owner == seat) {
			id = c.ID
			found = append(found, fmt.Sprintf("c%d in %v.%s", c.ID, owner, zone))
		}
	})
	switch len(found) {
	case 1:
		return id, nil
	case 0:
		return 0, fmt.Errorf("no card named %q on the table", name)
	}
	return 0, fmt.Errorf("%d cards named %q (%s): write {p1:%s} or the id", len(found), name, strings.Join(found, ", "), name)
}

func (r *runner) expect(i int, e *Expect) {
	s := r.res.State
	v := s.View(engine.Omniscient)
	seatIs := func(field, want string, got engine.Seat) {
		if want == "" {
			return
		}
		ws, err := engine.ParseSeat(want)
		if err != nil || ws != got {
			r.fail(i, field, "is %v, expected %s", got, want)
		}
	}
	seatIs("to_move", e.ToMove, v.ToMove)
	seatIs("active", e.Active, v.Active)
	if e.Phase != "" && !strings.EqualFold(e.Phase, v.Phase) {
		r.fail(i, "phase", "is %q, expected %q", v.Phase, e.Phase)
	}
	if e.Turn != 0 && e.Turn != v.Turn {
		r.fail(i, "turn", "is %d, expected %d", v.Turn, e.Turn)
	}
	if e.Round != 0 && e.Round != v.Round {
		r.fail(i, "round", "is %d, expected %d", v.Round, e.Round)
	}
	r.expectWinner(i, e.Winner, s)
	r.expectCounters(i, v, e.Counters)
	r.expectZones(i, v, e.Zones)
	r.expectCards(i, v, e.Cards)
	r.expectLegal(i, v, s, e)
}

func (r *runner) expectWinner(i int, want string, s engine.State) {
	if want == "" {
		return
	}
	done, out := s.Terminal()
	got := "none"
	if done {
		got = "draw"
		if !out.Draw() {
			names := []string{}
			for _, w := range out.Winners.Seats() {
				names = append(names, w.String())
			}
			got = strings.Join(names, ",")
		}
	}
	if !strings.EqualFold(strings.ReplaceAll(want, " ", ""), got) {
		r.fail(i, "winner", "is %s, expected %s", got, want)
	}
}

// splitSeat reads "p2.grave" as (p2, "grave"); without a seat prefix the
// seat is NoSeat (a shared zone).
func splitSeat(key string) (engine.Seat, string) {
	if s, rest, ok := strings.Cut(key, "."); ok {
		if seat, err := engine.ParseSeat(s); err == nil && seat >= 0 {
			return seat, rest
		}
	}
	return engine.NoSeat, strings.TrimPrefix(key, "shared.")
}

func (r *runner) expectCounters(i int, v *engine.View, want map[string]int) {
	for _, key := range sortedKeys(want) {
		seat, name := splitSeat(key)
		p := v.Player(seat)
		if p == nil {
			r.fail(i, key, "names no player: write p1.NAME")
			continue
		}
		got, ok := p.Counter(name)
		switch {
		case !ok:
			r.fail(i, key, "no such counter; %v has %s", seat, statNames(p.Counters))
		case got != want[key]:
			r.fail(i, key, "is %d, expected %d", got, want[key])
		}
	}
}

func (r *runner) zone(v *engine.View, key string) *engine.Zone {
	seat, name := splitSeat(key)
	if seat == engine.NoSeat {
		for j := range v.Shared {
			if v.Shared[j].Name == name {
				return &v.Shared[j]
			}
		}
		return nil
	}
	if p := v.Player(seat); p != nil {
		return p.Zone(name)
	}
	return nil
}

func (r *runner) expectZones(i int, v *engine.View, want map[string]any) {
	for _, key := range sortedKeys(want) {
		z := r.zone(v, key)
		if z == nil {
			r.fail(i, key, "no such zone")
			continue
		}
		switch w := want[key].(type) {
		case []any:
			got := make([]string, len(z.Cards))
			for j, c := range z.Cards {
				got[j] = c.Name
			}
			wantNames := make([]string, len(w))
			for j, x := range w {
				wantNames[j] = fmt.Sprint(x)
			}
			if !slices.EqualFunc(got, wantNames, strings.EqualFold) {
				r.fail(i, key, "holds %v, expected %v", got, wantNames)
			}
		default:
			n, ok := asInt(w)
			if !ok {
				r.fail(i, key, "expect a count or a list of names, not %v", w)
			} else if z.Count != n {
				r.fail(i, key, "holds %d cards, expected %d", z.Count, n)
			}
		}
	}
}

func asInt(x any) (int, bool) {
	switch n := x.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case uint64:
		return int(n), true
	case float64:
		return int(n), n == float64(int(n))
	}
	return 0, false
}

func (r *runner) expectCards(i int, v *engine.View, want map[string]CardExpect) {
	for _, ref := range sortedKeys(want) {
		text, err := ResolveRefs(v, ref)
		if err != nil {
			r.fail(i, ref, "%v", err)
			continue
		}
		var id int
		if _, err := fmt.Sscanf(text, "c%d", &id); err != nil {
			r.fail(i, ref, "write a card as {Name} or c12")
			continue
		}
		r.expectCard(i, v, ref, id, want[ref])
	}
}

func (r *runner) expectCard(i int, v *engine.View, ref string, id int, w CardExpect) {
	var card *engine.CardView
	var where string
	v.Walk(func(owner engine.Seat, zone string, c *engine.CardView) {
		if c.ID == id && card == nil {
			card, where = c, owner.String()+"."+zone
			if owner == engine.NoSeat {
				where = zone
			}
		}
	})
	if card == nil {
		r.fail(i, ref, "c%d is nowhere on the table", id)
		return
	}
	if w.Zone != "" && w.Zone != where && !strings.HasSuffix(where, "."+w.Zone) {
		r.fail(i, ref, "is in %s, expected %s", where, w.Zone)
	}
	for _, st := range w.Status {
		if !card.HasStatus(st) {
			r.fail(i, ref, "is not %s (status %v)", st, card.Status)
		}
	}
	for _, st := range w.NotStatus {
		if card.HasStatus(st) {
			r.fail(i, ref, "is %s, expected not", st)
		}
	}
	for _, k := range sortedKeys(w.Counters) {
		if got := card.Counter(k); got != w.Counters[k] {
			r.fail(i, ref, "has %d %s, expected %d", got, k, w.Counters[k])
		}
	}
	for _, k := range sortedKeys(w.Stats) {
		got, ok := card.Stat(k)
		if !ok || got != w.Stats[k] {
			r.fail(i, ref, "has %s %d, expected %d (stats %v)", k, got, w.Stats[k], card.Stats)
		}
	}
}

func (r *runner) expectLegal(i int, v *engine.View, s engine.State, e *Expect) {
	if len(e.LegalContains)+len(e.LegalExcludes) == 0 {
		return
	}
	codec := r.g.Info().Actions
	legal := s.Legal(nil)
	check := func(texts []string, want bool) {
		for _, t := range texts {
			resolved, err := ResolveRefs(v, t)
			if err != nil {
				r.fail(i, t, "%v", err)
				continue
			}
			a, err := codec.Parse(resolved)
			if err != nil {
				r.fail(i, t, "%v", err)
				continue
			}
			if engine.Contains(legal, a) != want {
				verb := "is not"
				if !want {
					verb = "is"
				}
				r.fail(i, t, "%s legal", verb)
			}
		}
	}
	check(e.LegalContains, true)
	check(e.LegalExcludes, false)
}

func statNames(stats []engine.Stat) string {
	names := make([]string, len(stats))
	for i, s := range stats {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
