package microlife

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
	"kartenwerk/engine/i18n"
)

// Card types (ML-2.16 to ML-2.20).
const (
	tImmun uint8 = iota
	tErreger
	tAktion
	tDauer
	tMutation
)

var typeNames = []string{"immun", "erreger", "aktion", "dauer", "mutation"}

// typeKeys name the types in the catalogues (kind.<key>).
var typeKeys = []string{"immune", "pathogen", "action", "ongoing", "mutation"}

// Subtypes (ML-2.16, ML-2.17); 0 is none.
const (
	sNone uint8 = iota
	sSystem
	sBakterium
	sVirus
	sPilz
	sParasit
)

var subtypeNames = []string{"", "system", "bakterium", "virus", "pilz", "parasit"}

// subtypeKeys name the subtypes in the catalogues (kind.<key>).
var subtypeKeys = []string{"", "system", "bacterium", "virus", "fungus", "parasite"}

// Keyword flags (ML-6.5 to ML-6.18). Invasiv, Tarnung and Resistenz carry
// a parameter and are kept as matchers beside the flags.
const (
	kwFieber uint16 = 1 << iota
	kwMutabilitaet
	kwOpportunistisch
	kwPhagozytose
	kwSchnell
	kwSelbstregulierend
	kwZusammenwachsen
	kwSporenbildner
	kwHunter // "kann Erreger angreifen" (ML-5.6c, ML-10.15)
	// Flags for parametrised keywords, so that hot paths can skip them.
	kwInvasiv
	kwTarnung
	kwResistenz
	kwActivated // the card has an activated ability
	kwMutable   // an entity that can carry mutations (ML-5.10)
)

// keywordNames lists the flag keywords with the names card files may
// write and the key (keyword.<key> in the catalogues) views carry.
var keywordNames = []struct {
	flag  uint16
	names []string
	key   string
}{
	{kwFieber, []string{"fieber", "fever"}, "fever"},
	{kwMutabilitaet, []string{"mutabilität", "mutabilitaet", "mutability"}, "mutability"},
	{kwOpportunistisch, []string{"opportunistisch", "opportunistische erreger", "opportunistic"}, "opportunistic"},
	{kwPhagozytose, []string{"phagozytose", "phargozytose", "phagocytosis"}, "phagocytosis"},
	{kwSchnell, []string{"schnell", "quick"}, "quick"},
	{kwSelbstregulierend, []string{"selbstregulierend", "self-regulating"}, "self-regulating"},
	{kwZusammenwachsen, []string{"zusammenwachsen", "growing together"}, "growing-together"},
	{kwSporenbildner, []string{"sporenbildner", "spore former"}, "spore-former"},
	{kwHunter, []string{"kann erreger angreifen", "can attack pathogens"}, "hunter"},
}

// Triggers of abilities (ML-6.2 to ML-6.4).
const (
	wPlay uint8 = iota
	wAttack
	wAfterAttack
	wTurnStart
	wOppTurnStart
	wEveryTurnStart
	wTurnEnd
	wActivated
)

var whenNames = []string{"play", "attack", "after-attack", "turn-start", "opponent-turn-start", "every-turn-start", "turn-end", "activated"}

// Effect kinds: the vocabulary cards combine in data.
const (
	eSugar uint8 = iota
	eDraw
	eDamage
	eDrain
	eToxin
	eBoost
	eMutate
	eGentransfer
	eDestroy
	eVector
	eUntap
	eFever
)

var effectNames = []string{"sugar", "draw", "damage", "drain", "toxin", "boost", "mutate", "gentransfer", "destroy", "vector", "untap", "fever"}

// Targets of effects.
const (
	gNone uint8 = iota
	gSelf
	gDefender
	gOwn
	gEnemy
	gAny
)

var targetNames = []string{"", "self", "defender", "own", "enemy", "any"}

// matcher matches cards by name, type or subtype (Invasiv (X), Tarnung vor
// X, Resistenz (X), target filters).
type matcher struct {
	types, subs uint8
	name        int16 // card definition index + 1; 0 for none
}

func (m matcher) any() bool { return m.types != 0 || m.subs != 0 || m.name != 0 }

func (m matcher) match(d *cardDef, def int16) bool {
	return m.types&(1<<d.typ) != 0 || (d.sub != sNone && m.subs&(1<<d.sub) != 0) || (m.name != 0 && m.name == def+1)
}

// ability is one line of a card: when it happens, what it costs, what it
// does, to whom.
type ability struct {
	when       uint8
	cost       int8
	tap        bool
	optional   bool
	eff        uint8
	n, k       int8
	atk, res   int8
	target     uint8
	only       matcher
	antibiotic uint8  // 1-based index into catalog.antibiotics; 0 none
	needs      uint16 // keyword flags a target must have (kwMutable to mutate)
}

// cardDef is a card's printed data, shared read-only by every state.
type cardDef struct {
	name      string
	typ, sub  uint8
	cost      int8
	atk, res  int8 // printed A/W, or the modifier of a mutation
	swap      bool // a mutation that swaps A and W (order matters, ML-5.13)
	copies    int
	supply    bool
	kw        uint16
	invasiv   matcher
	tarnung   matcher
	resistenz uint16 // bit i: resistant to antibiotic i+1
	abil      []ability
	whens     uint8 // bit w set when an ability fires on trigger w
	file      string
	index     int

	// The least cost of an activated ability, and whether every one taps
	// its entity: a quick "no" before listing them (mayUse).
	useCost int8
	useTaps bool
}

// mayUse: the card may have an activated ability that can be used with
// sugar on an entity tapped or not; when false, genUse would list none.
func (d *cardDef) mayUse(sugar int, tapped bool) bool {
	return d.kw&kwActivated != 0 && int(d.useCost) <= sugar && !(d.useTaps && tapped)
}

func (d *cardDef) entity() bool { return d.typ == tImmun || d.typ == tErreger }

// mutable: every Erreger and every Immun except Immun-System (ML-5.10).
func (d *cardDef) mutable() bool {
	return d.typ == tErreger || (d.typ == tImmun && d.sub != sSystem)
}

// catalog is the whole card pool, shared by all states of a game.
type catalog struct {
	defs        []cardDef
	byName      map[string]int16
	market      []int16 // the global main deck, one entry per copy
	mutations   []int16 // the global mutation deck, one entry per copy
	haut        int16
	nahrung     int16
	antibiotics []string
	infos       []engine.CardInfo
	presets     []engine.DeckList
	table       *state // the first preset laid out (newTable)
}

func (c *catalog) lookup(name string) (int16, bool) {
	i, ok := c.byName[strings.ToLower(strings.TrimSpace(name))]
	return i, ok
}

type cardYAML struct {
	Name      string        `yaml:"name"`
	Type      string        `yaml:"type"`
	Subtype   string        `yaml:"subtype"`
	Cost      *int          `yaml:"cost"`
	Stats     string        `yaml:"stats"`
	Swap      bool          `yaml:"swap"`
	Copies    int           `yaml:"copies"`
	Supply    bool          `yaml:"supply"`
	Keywords  []string      `yaml:"keywords"`
	Abilities []abilityYAML `yaml:"abilities"`
}

type abilityYAML struct {
	When       string `yaml:"when"`
	Cost       int    `yaml:"cost"`
	Tap        bool   `yaml:"tap"`
	Optional   bool   `yaml:"optional"`
	Do         string `yaml:"do"`
	N          *int   `yaml:"n"`
	K          int    `yaml:"k"`
	Atk        int    `yaml:"atk"`
	Res        int    `yaml:"res"`
	Target     string `yaml:"target"`
	Only       string `yaml:"only"`
	Antibiotic string `yaml:"antibiotic"`
}

// newCatalog makes the catalog of the cards that engine/cardpool merged,
// in their order: the market and mutation decks by copies, and the basic
// supply cards (ML-2.11).
func newCatalog(cards []rawCard, _ []cardpool.File) (*catalog, engine.Problems) {
	c := &catalog{byName: map[string]int16{}, haut: -1, nahrung: -1}
	// Names first, so that Invasiv (Haut) may name any card.
	for i, r := range cards {
		c.byName[strings.ToLower(strings.TrimSpace(r.Entry.Name))] = int16(i)
		c.defs = append(c.defs, cardDef{name: strings.TrimSpace(r.Entry.Name), file: r.File.Name, index: i})
	}
	var probs engine.Problems
	for i, r := range cards {
		probs = append(probs, c.decodeCard(&c.defs[i], r)...)
	}
	for i := range c.defs {
		d := &c.defs[i]
		for k := 0; k < d.copies; k++ {
			if d.typ == tMutation {
				c.mutations = append(c.mutations, int16(i))
			} else {
				c.market = append(c.market, int16(i))
			}
		}
	}
	if i, ok := c.lookup("Haut"); ok {
		c.haut = i
	} else {
		probs = append(probs, engine.Problem{Subject: "Haut", Msg: "the basic supply card Haut is missing (ML-2.11)", Fix: "keep Haut in cards/starter.yaml"})
	}
	if i, ok := c.lookup("Nahrung"); ok {
		c.nahrung = i
	} else {
		probs = append(probs, engine.Problem{Subject: "Nahrung", Msg: "the basic supply card Nahrung is missing (ML-2.11)", Fix: "keep Nahrung in cards/starter.yaml"})
	}
	if len(probs) == 0 && len(c.market) < 6 {
		probs = append(probs, engine.Problem{Msg: fmt.Sprintf("the main deck has %d cards, the market needs at least 6 (ML-3.5)", len(c.market)), Fix: "give market cards more copies"})
	}
	if len(probs) > 0 {
		return c, probs
	}
	for i := range c.defs {
		c.infos = append(c.infos, c.idInfo(int16(i), i18n.EN))
	}
	return c, nil
}

// rawCard is a card entry as written, with where.
type rawCard = cardpool.Card[cardYAML]

// decodeCard reads the card entry r into d, with every problem it has.
func (c *catalog) decodeCard(d *cardDef, r rawCard) engine.Problems {
	cc := &cardChecker{EntryProblems: engine.EntryProblems{File: r.File, At: r.At, Subject: d.name}, d: d}
	y := r.Entry
	cc.kind(y.Type, y.Subtype)
	cc.cost(y.Cost)
	d.copies, d.supply, d.swap = y.Copies, y.Supply, y.Swap
	if d.swap && d.typ != tMutation {
		cc.Add("swap", "only mutations can swap Angriff and Widerstand", "remove swap")
	}
	cc.stats(y.Stats)
	for i, kw := range y.Keywords {
		if err := c.parseKeyword(d, kw); err != nil {
			cc.Add(fmt.Sprintf("keywords[%d]", i), err.Error(), "use Fieber, Invasiv (X), Mutabilität, Opportunistisch, Phagozytose, Schnell, Selbstregulierend, Zusammenwachsen, Tarnung vor X, Resistenz (X), Sporenbildner, Umgehung (Haut) or Kann Erreger angreifen")
		}
	}
	if d.kw&kwHunter != 0 && d.typ != tImmun && d.typ != tMutation {
		cc.Add("keywords", "only Immun cards can be given the ability to attack Erreger", "remove Kann Erreger angreifen")
	}
	for i, ay := range y.Abilities {
		a, msg, fix := c.parseAbility(d, ay)
		if msg != "" {
			cc.Add(fmt.Sprintf("abilities[%d]", i), msg, fix)
			continue
		}
		d.abil = append(d.abil, a)
	}
	d.derive()
	if d.copies > 0 && d.supply {
		cc.Add("copies", "a basic supply card is not in the main deck", "remove copies or supply")
	}
	return cc.List
}

// cardChecker checks one card entry as it is read into d, collecting its
// problems.
type cardChecker struct {
	engine.EntryProblems
	d *cardDef
}

// kind reads the card's type and an entity's subtype (ML-2.16, ML-2.17).
func (cc *cardChecker) kind(typ, subtype string) {
	d := cc.d
	if i := engine.IndexFold(typeNames, typ); i >= 0 {
		d.typ = uint8(i)
	} else {
		cc.Add("type", fmt.Sprintf("unknown card type %q", typ), "use one of "+strings.Join(typeNames, ", "))
		d.typ = tAktion
	}
	if subtype == "" {
		if d.entity() {
			cc.Add("type", "an entity needs a subtype", "add subtype: system, bakterium, virus, pilz or parasit")
		}
		return
	}
	i := engine.IndexFold(subtypeNames[1:], subtype)
	d.sub = uint8(i + 1)
	switch {
	case i < 0:
		cc.Add("subtype", fmt.Sprintf("unknown subtype %q", subtype), "use one of "+strings.Join(subtypeNames[1:], ", "))
		d.sub = sNone
	case !d.entity():
		cc.Add("subtype", "only Immun and Erreger cards have a subtype (ML-2.16, ML-2.17)", "remove the subtype")
	case d.typ == tErreger && d.sub == sSystem:
		cc.Add("subtype", "System is an Immun subtype only (ML-2.17)", "use bakterium, virus, pilz or parasit")
	}
}

// cost reads the card's price in sugar, which every card but a mutation has.
func (cc *cardChecker) cost(cost *int) {
	switch {
	case cost != nil && (*cost < 0 || *cost > 20):
		cc.Add("cost", fmt.Sprintf("cost %d is out of range 0..20", *cost), "use a sugar cost from 0 to 20")
	case cost != nil:
		cc.d.cost = int8(*cost)
	case cc.d.typ != tMutation:
		cc.Add("", "the card has no cost", "add cost: N (its price in sugar)")
	}
}

// stats reads an entity's Angriff/Widerstand or a mutation's modifier of them.
func (cc *cardChecker) stats(written string) {
	d := cc.d
	switch {
	case d.entity() || d.typ == tMutation:
		a, w, err := parseStats(written, d.typ == tMutation)
		if err != nil {
			fix := `write Angriff/Widerstand as "1/2"`
			if d.typ == tMutation {
				fix = `write the modifier as "+1/+0"`
			}
			cc.Add("stats", err.Error(), fix)
		}
		d.atk, d.res = a, w
		if d.entity() && w <= 0 && err == nil {
			cc.Add("stats", "an entity needs Widerstand 1 or more", "raise the second number")
		}
	case written != "":
		cc.Add("stats", "only entities and mutations have stats", "remove stats")
	}
}

// derive sets what the card's keywords and abilities imply: Fieber's
// ability on play (ML-6.5), when its abilities trigger, the cheapest
// activation, and the keyword bits the rules look up.
func (d *cardDef) derive() {
	if d.kw&kwFieber != 0 {
		d.abil = append(d.abil, ability{when: wPlay, eff: eFever})
	}
	if d.abil == nil {
		d.abil = []ability{}
	}
	d.useCost, d.useTaps = math.MaxInt8, true
	for _, a := range d.abil {
		d.whens |= 1 << a.when
		if a.when == wActivated {
			d.kw |= kwActivated
			d.useCost = min(d.useCost, a.cost)
			d.useTaps = d.useTaps && a.tap
		}
	}
	if d.invasiv.any() {
		d.kw |= kwInvasiv
	}
	if d.tarnung.any() {
		d.kw |= kwTarnung
	}
	if d.resistenz != 0 {
		d.kw |= kwResistenz
	}
	if d.mutable() {
		d.kw |= kwMutable
	}
}

func parseStats(s string, modifier bool) (int8, int8, error) {
	a, w, ok := strings.Cut(strings.TrimSpace(s), "/")
	if s == "" || !ok {
		return 0, 0, fmt.Errorf("stats %q are not A/W", s)
	}
	if modifier && (!strings.ContainsAny(a[:1], "+-") || !strings.ContainsAny(w[:min(1, len(w))], "+-")) {
		return 0, 0, fmt.Errorf("modifier %q needs a sign on both numbers", s)
	}
	x, err1 := strconv.Atoi(strings.TrimPrefix(a, "+"))
	y, err2 := strconv.Atoi(strings.TrimPrefix(w, "+"))
	if err1 != nil || err2 != nil || x < -9 || x > 20 || y < -9 || y > 20 {
		return 0, 0, fmt.Errorf("stats %q are not two numbers from -9 to 20", s)
	}
	return int8(x), int8(y), nil
}
