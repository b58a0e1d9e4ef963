package microlife

import (
	"fmt"
	"strings"

	"kartenwerk/engine"
)

// Keywords and abilities as the card files write them, parsed into the
// forms the rules read (ML-6).

// parseKeyword reads one keyword, with its parameter where it has one.
func (c *catalog) parseKeyword(d *cardDef, kw string) error {
	low := strings.ToLower(strings.TrimSpace(kw))
	for _, k := range keywordNames {
		for _, n := range k.names {
			if low == n {
				d.kw |= k.flag
				return nil
			}
		}
	}
	param := func(prefix string) (string, bool) {
		rest, ok := strings.CutPrefix(low, prefix)
		if !ok {
			return "", false
		}
		rest = strings.TrimSpace(rest)
		rest = strings.TrimSuffix(strings.TrimPrefix(rest, "("), ")")
		return strings.TrimSpace(rest), rest != ""
	}
	if x, ok := param("invasiv"); ok {
		return c.addMatch(&d.invasiv, x)
	}
	if x, ok := param("umgehung"); ok { // obsolete: Umgehung (Haut) = Invasiv (Haut) (ML-6.15)
		return c.addMatch(&d.invasiv, x)
	}
	if x, ok := param("tarnung vor"); ok {
		return c.addMatch(&d.tarnung, x)
	}
	if x, ok := param("resistenz"); ok {
		d.resistenz |= 1 << c.antibiotic(x)
		return nil
	}
	return fmt.Errorf("unknown keyword %q", kw)
}

// antibiotic returns the 0-based index of an antibiotic type, adding it.
func (c *catalog) antibiotic(name string) int {
	if i := engine.IndexFold(c.antibiotics, name); i >= 0 {
		return i
	}
	c.antibiotics = append(c.antibiotics, strings.ToLower(name))
	return len(c.antibiotics) - 1
}

// addMatch adds a type, subtype or card name to m.
func (c *catalog) addMatch(m *matcher, x string) error {
	if i := engine.IndexFold(typeNames[:2], x); i >= 0 {
		m.types |= 1 << i
		return nil
	}
	if i := engine.IndexFold(subtypeNames[1:], x); i >= 0 {
		m.subs |= 1 << (i + 1)
		return nil
	}
	if i, ok := c.lookup(x); ok && m.name == 0 {
		m.name = i + 1
		return nil
	}
	return fmt.Errorf("%q is not a type, subtype or card name", x)
}

// parseAbility reads one ability line; msg is non-empty when it is wrong.
func (c *catalog) parseAbility(d *cardDef, y abilityYAML) (a ability, msg, fix string) {
	w := engine.IndexFold(whenNames, y.When)
	if w < 0 {
		return a, fmt.Sprintf("unknown trigger %q", y.When), "use one of " + strings.Join(whenNames, ", ")
	}
	e := engine.IndexFold(effectNames, y.Do)
	if e < 0 {
		return a, fmt.Sprintf("unknown effect %q", y.Do), "use one of " + strings.Join(effectNames, ", ")
	}
	a.when, a.eff = uint8(w), uint8(e)
	a.cost, a.tap, a.optional = int8(y.Cost), y.Tap, y.Optional
	if (y.Cost != 0 || y.Tap) && a.when != wActivated {
		return a, "only activated abilities have a cost", "set when: activated, or remove cost and tap"
	}
	if y.Cost < 0 || y.Cost > 20 {
		return a, fmt.Sprintf("cost %d is out of range 0..20", y.Cost), "use a sugar cost from 0 to 20"
	}
	if a.tap && !d.entity() && d.typ != tDauer {
		return a, "only cards that stay in play can tap as a cost", "remove tap"
	}
	a.n = 1
	if y.N != nil {
		if *y.N < 1 || *y.N > 9 {
			return a, fmt.Sprintf("n %d is out of range 1..9", *y.N), "use n from 1 to 9"
		}
		a.n = int8(*y.N)
	}
	a.k, a.atk, a.res = int8(y.K), int8(y.Atk), int8(y.Res)
	if a.eff == eMutate || a.eff == eGentransfer {
		a.needs = kwMutable // ML-5.11, ML-5.12
	}
	if t := engine.IndexFold(targetNames, y.Target); t > 0 {
		a.target = uint8(t)
	} else if y.Target != "" {
		return a, fmt.Sprintf("unknown target %q", y.Target), "use self, defender, own, enemy or any"
	}
	needsTarget := a.eff == eDamage || a.eff == eToxin || a.eff == eMutate || a.eff == eGentransfer || a.eff == eDestroy
	switch {
	case needsTarget && a.target == gNone:
		return a, fmt.Sprintf("effect %s needs a target", y.Do), "add target: self, defender, own, enemy or any"
	case !needsTarget && a.target != gNone:
		return a, fmt.Sprintf("effect %s takes no target", y.Do), "remove target"
	case a.target == gDefender && a.when != wAttack:
		return a, "target defender exists only in attack triggers", "use when: attack, or another target"
	case a.target == gSelf && !d.entity() && d.typ != tMutation:
		return a, "target self needs an entity", "use own, enemy or any"
	case (a.eff == eMutate || a.eff == eGentransfer) && (a.k < 1 || int(a.k) > int(a.n)):
		return a, fmt.Sprintf("%s needs 1 <= k <= n, got k %d of n %d", y.Do, a.k, a.n), "write e.g. k: 1, n: 2"
	case a.eff == eGentransfer && a.target != gOwn && a.target != gSelf:
		return a, "Gentransfer works on an entity you control (ML-5.12)", "use target: own or self"
	case a.eff == eBoost && a.atk == 0 && a.res == 0:
		return a, "boost needs atk or res", "add atk: N or res: N"
	}
	if y.Only != "" {
		if err := c.addMatch(&a.only, y.Only); err != nil || a.only.name != 0 {
			return a, fmt.Sprintf("only %q is not a card type or subtype", y.Only), "use erreger, immun or a subtype"
		}
	}
	if y.Antibiotic != "" {
		a.antibiotic = uint8(c.antibiotic(y.Antibiotic) + 1)
	}
	return a, "", ""
}
