// Package scenario runs scenario files: a game set up in an explicit
// position or dealt afresh, a list of steps, and expectations on the
// result. Rule tests are written this way where they read better as data,
// and designers use them to check card interactions and deck rules
// (`kartenwerk scenario run FILE`). docs/scenarios.md documents the format
// for designers, with an example of every feature; in short:
//
//	name: A Guard protects its player
//	rules: [ME-5.3, ME-6.2]
//	game: mysticelements
//	variant: {redraw: any-card}   # optional
//	seed: 1                       # optional
//	seats: 2                      # optional
//	position: {...}               # engine.Position, read by the game, or
//	start: {decks: [Deepwood, {list: "..."}], first: 1}  # a fresh deal (Game.New)
//	steps:
//	  - deck: {preset: Deepwood}     # a deck check: the problems expected,
//	    problems: [ME-2]             # by rule id or words of the message
//	  - do: attack {Fire Drake} p2   # an action; {Name}, {p2:Name},
//	    error: guard                 # {p2.hand:Name}, {p2.deck:Name#2} are ids
//	  - snapshot: before             # names this moment for `since`
//	  - expect: {to_move: p2, winner: none, counters: {p1.energy.red: 3},
//	             zones: {p2.grave: 1}, zones_exclude: {p2.hand: [Imp]},
//	             cards: {"{Stone Sentinel}": {zone: grave, not_zone: battle}},
//	             legal_contains: [pass], legal_excludes: ["attack {Fire Drake} p2"],
//	             log: ["attacks"], log_excludes: ["Imp"],
//	             changed: {p2.life: -3, "{Fire Drake}.health": -1}, since: before,
//	             as: p2, sees: ["{Fire Drake}"], hidden: ["{p1.hand:Imp}"]}
//
// Expectations are checked against the omniscient view, or with `as` the
// view of one seat.
package scenario

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"

	"kartenwerk/engine"
)

// File is a scenario as written.
type File struct {
	Name    string            `yaml:"name"`
	Rules   []string          `yaml:"rules"`
	Game    string            `yaml:"game"`
	Variant map[string]string `yaml:"variant"`
	Seed    uint64            `yaml:"seed"`
	Seats   int               `yaml:"seats"`
	// Start deals a fresh game with Game.New instead of building Position.
	Start    *Start          `yaml:"start"`
	Position engine.Position `yaml:"position"`
	Steps    []Step          `yaml:"steps"`

	src *engine.YAMLFile
}

// Start is a fresh deal: the game's own setup, run by Game.New with the
// file's seed, seats and variant. Setup decisions (start cards, mulligans)
// are then the first `do` steps, as in a real game.
type Start struct {
	// Decks gives each seat's deck in seat order; none lets the game
	// choose, as `kartenwerk play` does.
	Decks []DeckSpec `yaml:"decks"`
	// First, 1..seats, fixes the starting seat; 0 lets the rules decide.
	First int `yaml:"first"`
}

// DeckSpec is a deck: a preset by name, or a list written inline in the
// deck list format. In YAML a bare string is a preset's name.
type DeckSpec struct {
	Preset string `yaml:"preset"`
	List   string `yaml:"list"`
}

// UnmarshalYAML accepts a preset's name alone as well as a mapping.
func (d *DeckSpec) UnmarshalYAML(unmarshal func(any) error) error {
	var name string
	if err := unmarshal(&name); err == nil {
		*d = DeckSpec{Preset: name}
		return nil
	}
	type plain DeckSpec
	var p plain
	if err := unmarshal(&p); err != nil {
		return err
	}
	*d = DeckSpec(p)
	return nil
}

// Step is one action, one set of expectations, one deck check or one
// snapshot.
type Step struct {
	Do string `yaml:"do"`
	// Error, with Do, says the action must be refused with this text in
	// the error.
	Error  string  `yaml:"error"`
	Expect *Expect `yaml:"expect"`
	// Deck is checked against the game's construction rules; Problems
	// lists what must be wrong with it, each a rule id (MM-8.3) or words
	// of the message ("no such card"). No Problems: the deck is legal.
	Deck     *DeckSpec `yaml:"deck"`
	Problems []string  `yaml:"problems"`
	// Snapshot names this moment, for `since` in a later expect.
	Snapshot string `yaml:"snapshot"`
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
	ZonesContain  map[string][]string   `yaml:"zones_contain"`
	ZonesExclude  map[string][]string   `yaml:"zones_exclude"`
	Cards         map[string]CardExpect `yaml:"cards"`
	LegalContains []string              `yaml:"legal_contains"`
	LegalExcludes []string              `yaml:"legal_excludes"`
	// Log lists texts that the labels of the actions played since the
	// previous expect (or since the snapshot Since) contain, in this order;
	// LogExcludes texts that none of them contains.
	Log         []string `yaml:"log"`
	LogExcludes []string `yaml:"log_excludes"`
	// Changed is how much a counter ("p1.life"), a zone's count ("p1.hand")
	// or a card's stat or marker ("{Fire Drake}.health") has changed since
	// the previous expect, or since the snapshot Since.
	Changed map[string]int `yaml:"changed"`
	Since   string         `yaml:"since"`
	// As checks this expect against one seat's view ("p2") and labels the
	// log as that seat reads it; Sees and Hidden list cards ({Name} or
	// {p1.hand:Name}) or names that the seat must and must not see.
	As     string   `yaml:"as"`
	Sees   []string `yaml:"sees"`
	Hidden []string `yaml:"hidden"`
}

// CardExpect is what must be true of one card.
type CardExpect struct {
	// Zone is "grave" or "p2.grave"; NotZone where the card must not be.
	Zone      string         `yaml:"zone"`
	NotZone   string         `yaml:"not_zone"`
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
		return nil, formatProblem(locateDecodeError(name, data, err))
	}
	f.src = src
	if f.Game == "" {
		return nil, engine.Problem{File: name, Line: 1, Msg: "the scenario names no game", Fix: "add `game: ID` (see `kartenwerk games`)"}
	}
	if f.Start == nil && f.src.Line("$.start") > 0 { // `start: {}`: a deal with the game's defaults
		f.Start = &Start{}
	}
	if f.Start != nil && f.hasPosition() {
		return nil, f.src.Problem("$.start", "start", "a scenario has either `start:` (a fresh deal) or `position:`, not both", "remove one")
	}
	if f.Start == nil && !f.hasPosition() && !f.onlyDeckChecks() {
		return nil, engine.Problem{File: name, Line: 1, Msg: "the scenario has neither `start:` (a fresh deal) nor `position:`, so its steps have no game to play",
			Fix: "add `start: {}` for the game's own deal, or a `position:` (see docs/scenarios.md)"}
	}
	for i, st := range f.Steps {
		if err := f.checkStep(i, st); err != nil {
			return nil, err
		}
	}
	return &f, nil
}

func (f *File) checkStep(i int, st Step) error {
	kinds := 0
	for _, set := range []bool{st.Do != "", st.Expect != nil, st.Deck != nil, st.Snapshot != ""} {
		if set {
			kinds++
		}
	}
	problem := func(msg string) error {
		return f.src.Problem(fmt.Sprintf("$.steps[%d]", i), fmt.Sprintf("step %d", i+1), msg, "see docs/scenarios.md")
	}
	switch {
	case kinds != 1:
		return problem("a step is one of `do: ACTION` (optionally with `error:`), `expect: {...}`, `deck: ...` (optionally with `problems:`) or `snapshot: NAME`")
	case st.Error != "" && st.Do == "":
		return problem("`error:` goes with `do:`")
	case st.Problems != nil && st.Deck == nil:
		return problem("`problems:` goes with `deck:`")
	}
	return nil
}

// Result is a finished run: the final state and every failed expectation.
type Result struct {
	State    engine.State
	Failures []engine.Problem
}

// Run looks up the file's game and runs the scenario. An error means the
// scenario could not run at all (unknown game, bad position, an action
// that does not parse); failed expectations are in Result.Failures.
func Run(f *File) (*Result, error) { return RunWith(f, engine.Lookup) }

// RunWith is Run with the game looked up by lookup: the command line's,
// which plays the cards of `--cards DIR`. A game lookup refuses is an
// error at the file's `game:` line.
func RunWith(f *File, lookup func(id string) (engine.Game, error)) (*Result, error) {
	g, err := lookup(f.Game)
	if err != nil {
		return nil, engine.Problem{File: f.src.Name, Line: f.src.Line("$.game"), Msg: err.Error()}
	}
	return RunGame(g, f)
}

// RunGame runs the scenario with the given game.
func RunGame(g engine.Game, f *File) (*Result, error) {
	if err := f.checkCounters(g); err != nil {
		return nil, err
	}
	s, err := f.initial(g)
	if err != nil {
		return nil, err
	}
	r := &runner{g: g, f: f, res: &Result{State: s}, snapshots: map[string]moment{}}
	if s != nil {
		r.last = r.now()
	}
	for i, st := range f.Steps {
		if err := r.step(i, st); err != nil {
			return r.res, err
		}
	}
	return r.res, nil
}

// initial builds the state the steps start from: a fresh deal, the
// position, or none for a file of deck checks only.
func (f *File) initial(g engine.Game) (engine.State, error) {
	if f.Start != nil {
		return f.deal(g)
	}
	if !f.hasPosition() && f.onlyDeckChecks() {
		return nil, nil
	}
	pg, ok := g.(engine.Positioner)
	if !ok {
		return nil, fmt.Errorf("%s cannot start from a position: write `start:` for a fresh deal", g.Info().ID)
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
	return s, nil
}

func (f *File) hasPosition() bool {
	return f.src.Line("$.position") > 0 || !reflect.DeepEqual(f.Position, engine.Position{})
}

func (f *File) onlyDeckChecks() bool {
	return !slices.ContainsFunc(f.Steps, func(st Step) bool { return st.Deck == nil })
}

type runner struct {
	g   engine.Game
	f   *File
	res *Result
	// log holds the label of every action played, as each seat reads it.
	log []logEntry
	// last is the moment of the previous expect; snapshots the named ones.
	last      moment
	snapshots map[string]moment
}

func (r *runner) fail(i int, subject, format string, args ...any) {
	r.res.Failures = append(r.res.Failures, r.f.src.Problem(fmt.Sprintf("$.steps[%d]", i),
		strings.TrimSpace(fmt.Sprintf("step %d %s", i+1, subject)), fmt.Sprintf(format, args...), ""))
}

// failIn reports a failure at the line of one field of the step's expect
// (or of the step, if the field is not written there).
func (r *runner) failIn(i int, field, subject, format string, args ...any) {
	path := fmt.Sprintf("$.steps[%d].expect.%s", i, field)
	if r.f.src.Line(path) == 0 {
		path = fmt.Sprintf("$.steps[%d]", i)
	}
	r.res.Failures = append(r.res.Failures, r.f.src.Problem(path,
		strings.TrimSpace(fmt.Sprintf("step %d %s", i+1, subject)), fmt.Sprintf(format, args...), ""))
}

func (r *runner) step(i int, st Step) error {
	if st.Deck != nil {
		return r.checkDeck(i, st)
	}
	switch {
	case st.Expect != nil:
		r.expect(i, st.Expect)
		r.last = r.now()
		return nil
	case st.Snapshot != "":
		r.snapshots[st.Snapshot] = r.now()
		return nil
	}
	return r.do(i, st)
}

func (r *runner) do(i int, st Step) error {
	s := r.res.State
	text, err := ResolveRefs(s.View(engine.Omniscient), st.Do)
	if err != nil {
		return r.f.src.Problem(fmt.Sprintf("$.steps[%d].do", i), st.Do, err.Error(), "")
	}
	a, err := r.g.Info().Actions.Parse(text)
	if err != nil {
		return r.f.src.Problem(fmt.Sprintf("$.steps[%d].do", i), st.Do, err.Error(), "")
	}
	before := s.Hash()
	entry := r.describe(a)
	err = s.Apply(a)
	if err == nil {
		r.log = append(r.log, entry)
	}
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

// viewFor returns the view an expect is checked against: the seat's of
// `as`, else the omniscient one.
func (r *runner) viewFor(i int, as string, omni *engine.View) (*engine.View, engine.Seat, bool) {
	if as == "" {
		return omni, engine.Omniscient, true
	}
	s := r.res.State
	seat, err := engine.ParseSeat(as)
	if err != nil || seat < 0 || int(seat) >= s.Seats() {
		r.failIn(i, "as", "as", "%q is not a seat of this game: write p1..p%d", as, s.Seats())
		return nil, 0, false
	}
	return s.View(seat), seat, true
}

func (r *runner) expect(i int, e *Expect) {
	s := r.res.State
	omni := s.View(engine.Omniscient)
	v, viewer, ok := r.viewFor(i, e.As, omni)
	if !ok {
		return
	}
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
	r.expectZoneNames(i, v, e.ZonesContain, true)
	r.expectZoneNames(i, v, e.ZonesExclude, false)
	r.expectCards(i, omni, v, e.Cards)
	r.expectLegal(i, omni, s, e)
	r.expectLog(i, viewer, e)
	r.expectChanged(i, omni, e)
	r.expectSeen(i, omni, v, e)
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

// zoneExists reports whether the view has the zone: "p2.grave", or a
// bare name of a shared zone or of any seat's zone.
func zoneExists(v *engine.View, name string) bool {
	if findZone(v, name) != nil {
		return true
	}
	return slices.ContainsFunc(v.Players, func(p engine.PlayerView) bool { return p.Zone(name) != nil })
}

// findZone returns the zone a key names ("p2.grave", "market"), or nil.
func findZone(v *engine.View, key string) *engine.Zone {
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

// expectZoneNames checks that each zone holds (or holds none of) the
// named cards, whatever else it holds.
func (r *runner) expectZoneNames(i int, v *engine.View, want map[string][]string, hold bool) {
	field := "zones_exclude"
	if hold {
		field = "zones_contain"
	}
	for _, key := range sortedKeys(want) {
		z := findZone(v, key)
		if z == nil {
			r.failIn(i, field, key, "no such zone")
			continue
		}
		for _, name := range want[key] {
			has := slices.ContainsFunc(z.Cards, func(c engine.CardView) bool { return strings.EqualFold(c.Name, name) })
			switch {
			case hold && !has:
				r.failIn(i, field, key, "holds no %s (%s)", name, zoneNames(z))
			case !hold && has:
				r.failIn(i, field, key, "holds %s, expected none", name)
			}
		}
	}
}

func zoneNames(z *engine.Zone) string {
	names := make([]string, len(z.Cards))
	for j, c := range z.Cards {
		names[j] = c.Name
		if c.Hidden || c.Name == "" {
			names[j] = "a hidden card"
		}
	}
	if len(names) == 0 {
		return fmt.Sprintf("%d cards, none visible", z.Count)
	}
	return strings.Join(names, ", ")
}

func (r *runner) expectZones(i int, v *engine.View, want map[string]any) {
	for _, key := range sortedKeys(want) {
		z := findZone(v, key)
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
			n, ok := engine.WholeNumber(w)
			if !ok {
				r.fail(i, key, "expect a count or a list of names, not %v", w)
			} else if z.Count != n {
				r.fail(i, key, "holds %d cards, expected %d", z.Count, n)
			}
		}
	}
}

// expectCards finds each card by a reference resolved in the omniscient
// view, and checks it as the expect's view shows it.
func (r *runner) expectCards(i int, omni, v *engine.View, want map[string]CardExpect) {
	for _, ref := range sortedKeys(want) {
		id, err := refID(omni, ref)
		if err != nil {
			r.fail(i, ref, "%v", err)
			continue
		}
		r.expectCard(i, v, ref, id, want[ref])
	}
}

func inZone(where, zone string) bool {
	return zone == where || strings.HasSuffix(where, "."+zone)
}

func (r *runner) expectCard(i int, v *engine.View, ref string, id int, w CardExpect) {
	card, where := cardByID(v, id)
	if card == nil {
		r.fail(i, ref, "c%d is nowhere %s", id, seenBy(v))
		return
	}
	if w.Zone != "" && !inZone(where, w.Zone) {
		r.fail(i, ref, "is in %s, expected %s", where, w.Zone)
	}
	if w.NotZone != "" && !zoneExists(v, w.NotZone) {
		r.failIn(i, "cards", ref, "not_zone: no zone %s on the table", w.NotZone)
	} else if w.NotZone != "" && inZone(where, w.NotZone) {
		r.failIn(i, "cards", ref, "is in %s, expected it not to be", where)
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
