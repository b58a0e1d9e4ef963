package companion

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"kartenwerk/games/mystimons"
)

// MystiMons' counters: per MystiMon on the field (id "p1.m3") its card,
// HP and max HP, attached energy by element (".e.fire"), relic and
// statuses; per player the pool by element ("p1.pool.water") and the
// energy placed this turn; the turn, the active seat and the phase.

// mmCards is the shipped card pool, read once.
var mmCards = sync.OnceValue(func() *mmPool {
	g := mystimons.New()
	p := &mmPool{game: g, mons: map[string]mystimons.MonCard{}, relics: map[string]mystimons.RelicCard{}, elements: g.Elements()}
	p.list = g.MonCards()
	for _, m := range p.list {
		p.mons[strings.ToLower(m.Name)] = m
	}
	p.relicList = g.RelicCards()
	for _, r := range p.relicList {
		p.relics[strings.ToLower(r.Name)] = r
	}
	return p
})

type mmPool struct {
	game      *mystimons.Game
	list      []mystimons.MonCard
	mons      map[string]mystimons.MonCard
	relicList []mystimons.RelicCard
	relics    map[string]mystimons.RelicCard
	elements  []string
}

// mmPhases are the turn's phases in order (MM-4.1 to MM-4.5).
var mmPhases = []string{"draw", "energy", "main", "combat", "end"}

type mystiMons struct{ cards *mmPool }

func newMystiMons() mystiMons { return mystiMons{cards: mmCards()} }

// MystiMonsCatalog is what the page needs to add MystiMons by name.
type MystiMonsCatalog struct {
	Elements []string              `json:"elements"`
	Mons     []mystimons.MonCard   `json:"mons"`
	Relics   []mystimons.RelicCard `json:"relics"`
	Phases   []string              `json:"phases"`
}

func (m mystiMons) Catalog() any {
	return MystiMonsCatalog{Elements: m.cards.elements, Mons: m.cards.list, Relics: m.cards.relicList, Phases: mmPhases}
}

func (m mystiMons) Join(e *edit, seat int) {
	if seat == 0 {
		e.setInt("turn", 1)
		e.set("phase", "draw")
	}
}

const mmVerbs = "summon, attach, pool, evolve, relic, status, attack, phase, end-turn, remove"

func (m mystiMons) Do(e *edit, by int, cmd Command) ([]Note, error) {
	switch cmd.Verb {
	case "summon":
		return m.summon(e, cmd)
	case "attach":
		return m.attach(e, by, cmd)
	case "pool":
		return m.pool(e, by, cmd)
	case "evolve":
		return m.evolve(e, cmd)
	case "relic":
		return m.relic(e, cmd)
	case "status":
		return m.status(e, cmd)
	case "attack":
		return m.attack(e, cmd)
	case "phase":
		return m.phase(e, cmd)
	case "end-turn":
		return m.endTurn(e), nil
	case "remove":
		if _, err := m.mon(e, cmd); err != nil {
			return nil, err
		}
		return m.knockout(e, cmd.Target, "MM-5.8"), nil
	}
	return nil, unknownVerb("mystimons", cmd, mmVerbs)
}

// card looks a MystiMon card up by name, refusing an unknown one with the
// names that come closest.
func (m mystiMons) card(name string) (mystimons.MonCard, error) {
	if c, ok := m.cards.mons[strings.ToLower(strings.TrimSpace(name))]; ok {
		return c, nil
	}
	var near []string
	for _, c := range m.cards.list {
		if len(name) >= 2 && strings.Contains(strings.ToLower(c.Name), strings.ToLower(name[:2])) {
			near = append(near, c.Name)
		}
	}
	if len(near) > 5 {
		near = near[:5]
	}
	return mystimons.MonCard{}, refusal("no_mon", []any{"name", name, "near", strings.Join(near, ", ")},
		"no MystiMon is named %q: pick one from the list as you type (%s)", name, strings.Join(near, ", "))
}

// mon reads the MystiMon a command targets, refusing an id not on the field.
func (m mystiMons) mon(e *edit, cmd Command) (mystimons.MonCard, error) {
	id := cmd.Target
	name := e.get(id + ".card")
	if name == "" || strings.Count(id, ".") != 1 {
		return mystimons.MonCard{}, fmt.Errorf("%s: no MystiMon %q is on the field: pick one shown on the table", cmd.Verb, id)
	}
	return m.card(name)
}

// summon puts a MystiMon on its player's field at full HP (MM-5.1).
func (m mystiMons) summon(e *edit, cmd Command) ([]Note, error) {
	seat, err := seatTarget(e, cmd)
	if err != nil {
		return nil, err
	}
	c, err := m.card(cmd.Arg)
	if err != nil {
		return nil, err
	}
	p := seatKey(seat)
	var notes []Note
	if c.Stage != 1 {
		notes = append(notes, Note{Code: "mm.summon_stage", Level: Warning, Rule: "MM-5.1", Vars: map[string]string{"card": c.Name}})
	}
	if len(m.field(e, seat)) >= 3 {
		notes = append(notes, Note{Code: "mm.field_full", Level: Warning, Rule: "MM-5.1", Target: p})
	}
	id := fmt.Sprintf("%s.m%d", p, e.add(p+".mnext", 1))
	e.set(id+".card", c.Name)
	e.setInt(id+".hp", c.HP)
	e.setInt(id+".max", c.HP)
	return notes, nil
}

// field lists a seat's MystiMons by id, in the order they came.
func (m mystiMons) field(e *edit, seat int) []string {
	var ids []string
	for _, k := range e.withPrefix(seatKey(seat) + ".m") {
		if id, ok := strings.CutSuffix(k, ".card"); ok && strings.Count(id, ".") == 1 {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return monNumber(ids[i]) < monNumber(ids[j]) })
	return ids
}

func monNumber(id string) int {
	_, n, _ := strings.Cut(id, ".m")
	var k int
	fmt.Sscan(n, &k)
	return k
}

// element checks an energy's element: one of the chart's or "any".
func (m mystiMons) element(cmd Command) (string, error) {
	el := strings.ToLower(strings.TrimSpace(cmd.Arg))
	if el == "any" {
		return el, nil
	}
	for _, x := range m.cards.elements {
		if x == el {
			return el, nil
		}
	}
	return "", fmt.Errorf("%s: %q is not an element: use any or one of %s", cmd.Verb, cmd.Arg, strings.Join(m.cards.elements, ", "))
}

// placement notes what the rulebook says about one more energy card this
// turn: only in the Energy Phase, one a turn, on one's own turn (MM-4.2).
func (m mystiMons) placement(e *edit, by, owner int) []Note {
	var notes []Note
	if e.get("phase") != "energy" {
		notes = append(notes, Note{Code: "mm.energy_phase", Level: Warning, Rule: "MM-4.2"})
	}
	if owner != e.int("active") {
		notes = append(notes, Note{Code: "mm.not_your_turn", Level: Warning, Rule: "MM-4.2"})
	}
	if e.add(seatKey(owner)+".placed", 1) > 1 {
		notes = append(notes, Note{Code: "mm.one_energy", Level: Warning, Rule: "MM-4.2", Target: seatKey(owner)})
	}
	return notes
}

// attach lays N energy cards (default 1) of an element on a MystiMon
// (MM-4.2A); the element must match or be a wildcard.
func (m mystiMons) attach(e *edit, by int, cmd Command) ([]Note, error) {
	c, err := m.mon(e, cmd)
	if err != nil {
		return nil, err
	}
	el, err := m.element(cmd)
	if err != nil {
		return nil, err
	}
	n := max(1, cmd.N)
	notes := m.placement(e, by, seatOf(cmd.Target))
	if el != "any" && el != c.Element {
		notes = append(notes, Note{Code: "mm.element_mismatch", Level: Warning, Rule: "MM-4.2", Target: cmd.Target, Vars: map[string]string{"element": el, "card": c.Name}})
	}
	e.add(cmd.Target+".e."+el, n)
	return notes, nil
}

// pool adds energy of an element to a player's pool (MM-4.2B, counted as
// the turn's placement) or spends it (N < 0, MM-6.2).
func (m mystiMons) pool(e *edit, by int, cmd Command) ([]Note, error) {
	seat, err := seatTarget(e, cmd)
	if err != nil {
		return nil, err
	}
	el, err := m.element(cmd)
	if err != nil {
		return nil, err
	}
	if cmd.N == 0 {
		return nil, fmt.Errorf("pool: add (n > 0) or spend (n < 0) how much?")
	}
	key := seatKey(seat) + ".pool." + el
	var notes []Note
	if cmd.N > 0 {
		notes = m.placement(e, by, seat)
	}
	if e.add(key, cmd.N) < 0 {
		e.setInt(key, 0)
		notes = append(notes, Note{Code: "mm.pool_short", Level: Warning, Rule: "MM-6.2", Target: key})
	}
	return notes, nil
}

// energyFor is the attached energy that counts for evolving a MystiMon
// of element el: its element's and the wildcards (MM-5.2 step 2).
func energyFor(get func(string) int, id, el string) int {
	return get(id+".e."+el) + get(id+".e.any")
}

// evoDiscount is the attached relic's change to thresholds (MM-9.3).
func (m mystiMons) evoDiscount(relic string) int {
	return m.cards.relics[strings.ToLower(relic)].Evo
}

// evolve lays a new form on a MystiMon (MM-5.2): current HP stays, max HP
// becomes the new card's; energy, relic and statuses stay. Evolving into
// a ★★★★ or ★★★★★ form needs a confirmation.
func (m mystiMons) evolve(e *edit, cmd Command) ([]Note, error) {
	from, err := m.mon(e, cmd)
	if err != nil {
		return nil, err
	}
	into, err := m.card(cmd.Arg)
	if err != nil {
		return nil, err
	}
	if into.Warning != "" && !cmd.Confirm {
		return nil, &NeedsConfirm{Note{Code: fmt.Sprintf("mm.drain_%d", into.Drain), Level: Warning, Rule: "MM-5.2", Target: cmd.Target, Vars: map[string]string{"card": into.Name}}}
	}
	var notes []Note
	if into.From != from.Name {
		notes = append(notes, Note{Code: "mm.not_next_form", Level: Warning, Rule: "MM-5.2", Target: cmd.Target, Vars: map[string]string{"card": into.Name, "from": from.Name}})
	}
	have := energyFor(e.int, cmd.Target, into.Element)
	need := mystimons.Threshold(into.Stage, m.evoDiscount(e.get(cmd.Target+".relic")))
	if have < need {
		notes = append(notes, Note{Code: "mm.below_threshold", Level: Warning, Rule: "MM-5.2", Target: cmd.Target, Vars: map[string]string{"have": itoa(have), "need": itoa(need)}})
	}
	if e.get("phase") != "main" {
		notes = append(notes, Note{Code: "mm.main_phase", Level: Warning, Rule: "MM-5.2"})
	}
	e.set(cmd.Target+".card", into.Name)
	e.setInt(cmd.Target+".max", into.HP)
	if into.Drain > 0 {
		notes = append(notes, Note{Code: fmt.Sprintf("mm.drain_%d", into.Drain), Level: Warning, Rule: "MM-6.4", Target: cmd.Target, Vars: map[string]string{"card": into.Name}})
	}
	return notes, nil
}

// relic attaches a relic by name, or takes it off with an empty name.
func (m mystiMons) relic(e *edit, cmd Command) ([]Note, error) {
	if _, err := m.mon(e, cmd); err != nil {
		return nil, err
	}
	name := strings.TrimSpace(cmd.Arg)
	if r, ok := m.cards.relics[strings.ToLower(name)]; ok {
		name = r.Name
	} else if name != "" {
		return nil, refusal("no_relic", []any{"name", name}, "relic: no relic is named %q: pick one from the list", name)
	}
	e.set(cmd.Target+".relic", name)
	return nil, nil
}

// mmStatuses are the statuses a MystiMon can carry (MM-5.10).
var mmStatuses = []string{"burn", "poison", "frozen", "paralyzed"}

// status sets a status: N is Poison's X, or 1 and 0 for the others.
func (m mystiMons) status(e *edit, cmd Command) ([]Note, error) {
	if _, err := m.mon(e, cmd); err != nil {
		return nil, err
	}
	for _, s := range mmStatuses {
		if s == cmd.Arg {
			if cmd.N < 0 || (s != "poison" && cmd.N > 1) {
				return nil, fmt.Errorf("status %s: %d is not a value: give 0 or 1 (Poison: 0 or more)", s, cmd.N)
			}
			e.setInt(cmd.Target+"."+s, cmd.N)
			return nil, nil
		}
	}
	return nil, fmt.Errorf("status: %q is not a status: use one of %s", cmd.Arg, strings.Join(mmStatuses, ", "))
}

// stats are a MystiMon's ATK and DEF with its relic's bonuses.
func (m mystiMons) stats(e *edit, id string, c mystimons.MonCard) (atk, def int) {
	r := m.cards.relics[strings.ToLower(e.get(id+".relic"))]
	return c.ATK + r.ATK, c.DEF + r.DEF
}

// attack deals the damage of the attacker's Basic Attack plus N power to
// the target (MM-5.8 step 4), then knocks it out at 0 HP.
func (m mystiMons) attack(e *edit, cmd Command) ([]Note, error) {
	a, err := m.mon(e, cmd)
	if err != nil {
		return nil, err
	}
	target := Command{Verb: cmd.Verb, Target: cmd.Arg}
	t, err := m.mon(e, target)
	if err != nil {
		return nil, err
	}
	atk, _ := m.stats(e, cmd.Target, a)
	_, def := m.stats(e, cmd.Arg, t)
	dmg := m.cards.game.Damage(atk+cmd.N, def, a.Element, t.Element)
	var notes []Note
	if e.int(cmd.Target+".frozen") > 0 {
		notes = append(notes, Note{Code: "mm.frozen", Level: Warning, Rule: "MM-5.8", Target: cmd.Target})
		e.setInt(cmd.Target+".frozen", 0)
	}
	e.setInt(cmd.Target+".paralyzed", 0)
	notes = append(notes, Note{Code: "mm.damage", Level: Hint, Rule: "MM-5.8", Target: cmd.Arg,
		Vars: map[string]string{"attacker": a.Name, "target": t.Name, "damage": itoa(dmg), "atk": itoa(atk + cmd.N), "def": itoa(def)}})
	return append(notes, m.hurt(e, cmd.Arg, dmg, "MM-5.8")...), nil
}

// hurt takes n HP from a MystiMon and knocks it out at 0 (MM-5.8 step 5).
func (m mystiMons) hurt(e *edit, id string, n int, rule string) []Note {
	if e.add(id+".hp", -n) <= 0 {
		return m.knockout(e, id, rule)
	}
	return nil
}

// knockout takes a MystiMon off the field with its energy and relic; a
// player with no MystiMon left loses (MM-7.1).
func (m mystiMons) knockout(e *edit, id, rule string) []Note {
	name := e.get(id + ".card")
	e.clearPrefix(id + ".")
	notes := []Note{{Code: "mm.knockout", Level: Warning, Rule: rule, Target: id, Vars: map[string]string{"card": name}}}
	owner := seatOf(id)
	if len(m.field(e, owner)) == 0 && e.int("players") == 2 {
		notes = append(notes, winner(e, 1-owner, "MM-7.1")...)
	}
	return notes
}

func (m mystiMons) phase(e *edit, cmd Command) ([]Note, error) {
	for _, p := range mmPhases {
		if p == cmd.Arg {
			e.set("phase", p)
			return nil, nil
		}
	}
	return nil, fmt.Errorf("phase: %q is not a phase: use one of %s", cmd.Arg, strings.Join(mmPhases, ", "))
}

// endTurn runs the active player's End Phase (MM-4.5): the HP drain of
// ★★★★ (-5) and ★★★★★ (-10) forms (MM-6.4), then Burn (-1) and Poison
// (-X) (MM-5.10), knocking out at 0 HP; then the turn passes.
func (m mystiMons) endTurn(e *edit) []Note {
	seat := e.int("active")
	var notes []Note
	for _, id := range m.field(e, seat) {
		c, _ := m.card(e.get(id + ".card"))
		loss := c.Drain
		if e.int(id+".burn") > 0 {
			loss++
		}
		loss += e.int(id + ".poison")
		if loss == 0 {
			continue
		}
		notes = append(notes, Note{Code: "mm.end_loss", Level: Hint, Rule: "MM-4.5", Target: id, Vars: map[string]string{"card": c.Name, "loss": itoa(loss)}})
		notes = append(notes, m.hurt(e, id, loss, "MM-4.5")...)
	}
	e.setInt(seatKey(seat)+".placed", 0)
	if e.get("winner") == "" {
		passTurn(e)
		e.set("phase", "draw")
	}
	return notes
}

// After knocks out a MystiMon whose HP a player set to 0 or less.
func (m mystiMons) After(e *edit, by int, cmd Command) []Note {
	if id, ok := strings.CutSuffix(cmd.Target, ".hp"); ok && e.get(id+".card") != "" && e.int(cmd.Target) <= 0 {
		return m.knockout(e, id, "MM-5.8")
	}
	return nil
}

// Hints shows each MystiMon's progress to its next forms ("4/5"), which
// can evolve now, and what the coming End Phase will take.
func (m mystiMons) Hints(st State) []Note {
	e := newEdit(st)
	var notes []Note
	for seat := range st.Players() {
		for _, id := range m.field(e, seat) {
			notes = append(notes, m.monHints(e, id)...)
		}
	}
	return notes
}

func (m mystiMons) monHints(e *edit, id string) []Note {
	c, err := m.card(e.get(id + ".card"))
	if err != nil {
		return nil
	}
	var notes []Note
	for _, next := range m.cards.list {
		if next.From != c.Name {
			continue
		}
		have := energyFor(e.int, id, next.Element)
		need := mystimons.Threshold(next.Stage, m.evoDiscount(e.get(id+".relic")))
		level := "progress"
		if have >= need {
			level = Hint
		}
		notes = append(notes, Note{Code: "mm.evolve", Level: level, Rule: "MM-5.2", Target: id,
			Vars: map[string]string{"into": next.Name, "have": itoa(have), "need": itoa(need), "stars": itoa(next.Grade)}})
	}
	if c.Drain > 0 {
		notes = append(notes, Note{Code: "mm.drains", Level: Hint, Rule: "MM-6.4", Target: id, Vars: map[string]string{"loss": itoa(c.Drain)}})
	}
	return notes
}
