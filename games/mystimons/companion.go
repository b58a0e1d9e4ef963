package mystimons

// What a table companion for MystiMons played with physical cards needs
// from the rules: the MystiMons and relics of the pool with the numbers
// the rules use, the evolution thresholds, the End Phase drain, the
// warning before a ★★★★ or ★★★★★ form, and the damage formula. The
// companion reads them here so the rules stay in one place.

// MonCard is a MystiMon card as a companion needs it.
type MonCard struct {
	Name    string `json:"name"`
	Element string `json:"element"`
	Stage   int    `json:"stage"` // 1..4, 5 = Champion
	From    string `json:"from,omitempty"`
	Grade   int    `json:"grade,omitempty"` // fusion grade in stars (MM-6.4)
	HP      int    `json:"hp"`
	ATK     int    `json:"atk"`
	DEF     int    `json:"def"`
	Drain   int    `json:"drain,omitempty"`   // HP lost in each own End Phase (MM-4.5A)
	Warning string `json:"warning,omitempty"` // shown before evolving into it (MM-5.2)
}

// RelicCard is a relic as a companion needs it: the evolution discount
// (Evolution Stone, MM-9.3) and the ATK and DEF it adds to its MystiMon.
type RelicCard struct {
	Name   string `json:"name"`
	Attach bool   `json:"attach"`
	Evo    int    `json:"evo,omitempty"` // added to every threshold, e.g. -1
	ATK    int    `json:"atk,omitempty"`
	DEF    int    `json:"def,omitempty"`
}

// MonCards lists the pool's MystiMons in card order.
func (g *Game) MonCards() []MonCard {
	var out []MonCard
	for i := range g.pool.defs {
		d := &g.pool.defs[i]
		if d.kind != kMon {
			continue
		}
		m := MonCard{Name: d.name, Element: g.pool.elemName(d.elem), Stage: int(d.stage), Grade: int(d.grade),
			HP: int(d.hp), ATK: int(d.atk), DEF: int(d.def), Drain: int(d.drain()), Warning: d.warning()}
		if d.from >= 0 {
			m.From = g.pool.defs[d.from].name
		}
		out = append(out, m)
	}
	return out
}

// RelicCards lists the pool's relics in card order.
func (g *Game) RelicCards() []RelicCard {
	var out []RelicCard
	for i := range g.pool.defs {
		d := &g.pool.defs[i]
		if d.kind != kRelic {
			continue
		}
		r := RelicCard{Name: d.name, Attach: d.attach}
		for _, e := range d.effects {
			switch {
			case e.kind == eEvo:
				r.Evo += int(e.n)
			case e.kind == eAtk && e.elem == elemAny:
				r.ATK += int(e.n)
			case e.kind == eDef && e.elem == elemAny:
				r.DEF += int(e.n)
			}
		}
		out = append(out, r)
	}
	return out
}

// Elements are the element chart's elements, in its order.
func (g *Game) Elements() []string { return append([]string(nil), g.pool.elems...) }

// Threshold is the attached energy of the MystiMon's element an evolution
// into stage needs (MM-5.2: 3, 5, 7, 10), with evo added (an Evolution
// Stone's -1, MM-9.3); 0 for a stage no evolution reaches.
func Threshold(stage, evo int) int {
	if stage < 2 || stage >= len(threshold) {
		return 0
	}
	return max(0, int(threshold[stage])+evo)
}

// Damage is what an attacker with atk deals to a defender with def
// (MM-5.8 step 4, MM-10.16) for the chart's pair of elements; unknown
// elements are neutral.
func (g *Game) Damage(atk, def int, attacker, defender string) int {
	a, okA := g.pool.elem(attacker)
	d, okD := g.pool.elem(defender)
	halves := int16(2)
	if okA && okD && a >= 0 && d >= 0 {
		halves = int16(g.pool.chart[a][d])
	}
	return int(hit(int16(atk), int16(def), halves))
}

// hit is the damage formula: max(1, ATK-DEF) times the multiplier given
// in halves, rounded down, at least 1 (MM-5.8 step 4, MM-10.16).
func hit(atk, def, halves int16) int16 { return max(1, max(1, atk-def)*halves/2) }
