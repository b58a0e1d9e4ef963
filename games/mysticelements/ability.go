package mysticelements

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"kartenwerk/engine/i18n"
)

// The ability language: one line per ability in the card files.

const abilityHelp = "write `TRIGGER: EFFECT; EFFECT`, TRIGGER one of play, use, start, pay N [+ M any]; EFFECT like `damage 2 to enemy unit`, `draw 1`, `promote 1 to each own unit`"

// parseAbility reads one ability line:
//
//	play: damage 2 to any
//	use: exhaust enemy unit; draw 1
//	pay 2 + 1 any: promote 1 to self
//	start: heal 1 to you
func parseAbility(line string, k kind) (ability, error) {
	a := ability{Target: filter{Colour: -1}}
	head, body, ok := strings.Cut(line, ":")
	if !ok {
		return a, fmt.Errorf("missing ':' after the trigger")
	}
	if err := a.parseTrigger(head); err != nil {
		return a, err
	}
	for _, part := range strings.Split(body, ";") {
		e, err := a.parseEffect(strings.Fields(part), k)
		if err != nil {
			return a, err
		}
		a.Effects = append(a.Effects, e)
	}
	a.Text = abilityText(i18n.EN, &a)
	return a, nil
}

// parseTrigger reads the words before the ':': play, use, start, or an
// activation cost `pay N` or `pay N + M any`.
func (a *ability) parseTrigger(head string) error {
	hw := strings.Fields(head)
	switch {
	case len(hw) == 1 && hw[0] == "play":
		a.Trig = trPlay
	case len(hw) == 1 && hw[0] == "use":
		a.Trig = trUse
	case len(hw) == 1 && hw[0] == "start":
		a.Trig = trStart
	case len(hw) >= 2 && hw[0] == "pay":
		a.Trig = trPay
		return a.parsePay(hw[1:])
	default:
		return fmt.Errorf("unknown trigger %q", strings.TrimSpace(head))
	}
	return nil
}

// parsePay reads an activation cost after `pay`: `N` or `N + M any`.
func (a *ability) parsePay(w []string) error {
	n, err := strconv.Atoi(w[0])
	if err != nil || n < 0 || n > 9 {
		return fmt.Errorf("pay needs an amount 0..9")
	}
	a.PayCol = int8(n)
	if len(w) == 4 && w[1] == "+" && w[3] == "any" {
		m, err := strconv.Atoi(w[2])
		if err != nil || m < 0 || m > 9 {
			return fmt.Errorf("bad `+ N any`")
		}
		a.PayAny = int8(m)
	} else if len(w) != 1 {
		return fmt.Errorf("write `pay N` or `pay N + M any`")
	}
	if a.PayCol+a.PayAny == 0 {
		return fmt.Errorf("an activation cost must not be 0")
	}
	return nil
}

// parseEffect reads one effect's words, `damage 2 to enemy unit`, of an
// ability of a card of kind k: its kind, amount and whom it applies to.
func (a *ability) parseEffect(w []string, k kind) (effect, error) {
	if len(w) == 0 {
		return effect{}, fmt.Errorf("empty effect")
	}
	ek := slices.Index(effNames, w[0])
	if ek < 0 {
		return effect{}, fmt.Errorf("unknown effect %q", w[0])
	}
	e := effect{Kind: effKind(ek)}
	w, err := e.parseAmount(w[1:])
	if err != nil {
		return e, err
	}
	if len(w) > 0 && w[0] == "to" {
		w = w[1:]
	}
	if len(w) == 0 {
		switch e.Kind {
		case eDraw, eLimit, eDiscard:
			w = []string{"you"}
		default:
			return e, fmt.Errorf("%s needs a target", effNames[ek])
		}
	}
	if err := a.parseWho(&e, w, k); err != nil {
		return e, err
	}
	return e, a.checkWho(e)
}

// parseAmount reads the effect's amount, if w starts with one, checks it
// against the effect's kind, and returns the words after it.
func (e *effect) parseAmount(w []string) ([]string, error) {
	name := effNames[e.Kind]
	if len(w) > 0 {
		if n, err := strconv.Atoi(w[0]); err == nil {
			if n < -9 || n > 9 || (n < 0 && e.Kind != eLimit) {
				return w, fmt.Errorf("amount %d out of range", n)
			}
			e.N = int8(n)
			w = w[1:]
		}
	}
	switch e.Kind {
	case eDamage, ePromote, eDemote, eDiscard, eDraw, ePlunder:
		if e.N <= 0 {
			return w, fmt.Errorf("%s needs a positive amount", name)
		}
	case eLimit:
		if e.N == 0 {
			return w, fmt.Errorf("limit needs a non-zero amount")
		}
	case eExhaust, ePrepare, eDestroy, eSteal:
		if e.N != 0 {
			return w, fmt.Errorf("%s takes no amount", name)
		}
	}
	return w, nil
}

// parseWho reads whom effect e applies to: self, host, you, opponent,
// `each` and a filter, or a filter for the ability's one chosen target.
func (a *ability) parseWho(e *effect, w []string, k kind) error {
	name, acc := effNames[e.Kind], effAccepts[e.Kind]
	switch {
	case len(w) == 1 && w[0] == "self":
		e.Who = wSelf
		if k == kWonder || k == kCharm || acc&(onUnit|onRelic) == 0 {
			return fmt.Errorf("%s cannot apply to self here", name)
		}
	case len(w) == 1 && w[0] == "host":
		e.Who = wHost
		if k != kCharm || acc&onUnit == 0 {
			return fmt.Errorf("only a charm's effects on units name its host")
		}
	case len(w) == 1 && w[0] == "you":
		e.Who = wYou
	case len(w) == 1 && w[0] == "opponent":
		e.Who = wOpponent
	case w[0] == "each":
		e.Who = wEach
		fl, err := parseFilter(w[1:], acc)
		if err != nil {
			return err
		}
		e.Each = fl
	default:
		fl, err := parseFilter(w, acc)
		if err != nil {
			return err
		}
		if a.Chooses && a.Target != fl {
			return fmt.Errorf("an ability chooses one target; write `target` for it again")
		}
		a.Chooses, a.Target = true, fl
		e.Who = wTarget
	}
	return nil
}

// checkWho refuses an effect whom its kind cannot apply to: a player, a
// target of another kind, or for steal, a card not the enemy's.
func (a *ability) checkWho(e effect) error {
	name, acc := effNames[e.Kind], effAccepts[e.Kind]
	if (e.Who == wYou || e.Who == wOpponent) && acc&onPlayer == 0 {
		return fmt.Errorf("%s does not apply to players", name)
	}
	if e.Who == wTarget && a.Target.What&^acc != 0 {
		return fmt.Errorf("%s cannot apply to %s", name, describeFilter(i18n.EN, a.Target, true))
	}
	if e.Kind == eSteal && (e.Who == wTarget && a.Target.Side != sideEnemy || e.Who == wEach && e.Each.Side != sideEnemy) {
		return fmt.Errorf("steal takes an enemy card: write `steal enemy unit`")
	}
	return nil
}

// parseFilter reads words like "non-blue enemy unit", "other own unit",
// "player", "any" (a unit or a player), "card" (a unit or a relic).
func parseFilter(words []string, acc uint8) (filter, error) {
	f := filter{Colour: -1}
	if words == nil {
		return f, fmt.Errorf("nothing named")
	}
	noun := false
	for _, w := range words {
		switch {
		case w == "target":
			continue
		case w == "enemy":
			f.Side = sideEnemy
		case w == "own" || w == "your":
			f.Side = sideOwn
		case w == "other":
			f.Other = true
		case w == "unit" || w == "units":
			f.What, noun = onUnit, true
		case w == "relic" || w == "relics":
			f.What, noun = onRelic, true
		case w == "card" || w == "cards":
			f.What, noun = onUnit|onRelic, true
		case w == "player" || w == "players":
			f.What, noun = onPlayer, true
		case w == "any":
			f.What, noun = onUnit|onPlayer, true
		case colourIndex(strings.TrimPrefix(w, "non-")) >= 0:
			f.Colour = int8(colourIndex(strings.TrimPrefix(w, "non-")))
			f.Non = strings.HasPrefix(w, "non-")
		default:
			return f, fmt.Errorf("unknown word %q in a target (use enemy, own, other, a colour or non-colour, unit, relic, card, player, any)", w)
		}
	}
	if !noun {
		return f, fmt.Errorf("a target needs a noun: unit, relic, card, player or any")
	}
	if f.What&onPlayer != 0 && (f.Other || f.Colour >= 0) && f.What == onPlayer {
		return f, fmt.Errorf("players have no colour and are never `other`")
	}
	acc &= f.What
	if acc == 0 {
		return f, fmt.Errorf("the effect cannot apply to that")
	}
	f.What = acc
	return f, nil
}
