package zynalith

import (
	"fmt"
	"strconv"
	"strings"

	"kartenwerk/engine"
)

// Abilities as the card files write them ("Kampf: damage 1 line"), parsed
// and checked against the card that has them (ZY-2.12, ZY-10.U3).

// parseAbility reads "Trigger: effect [N] [target]".
func parseAbility(line string) (ability, error) {
	var a ability
	trig, rest, ok := strings.Cut(line, ":")
	if !ok {
		return a, fmt.Errorf("ability %q has no trigger", line)
	}
	t := engine.IndexFold(triggerNames, strings.TrimSpace(trig))
	if t < 0 {
		return a, fmt.Errorf("unknown trigger %q (the triggers are %s)", strings.TrimSpace(trig), strings.Join(triggerNames, ", "))
	}
	a.When = trigger(t)
	f := strings.Fields(rest)
	if len(f) == 0 {
		return a, fmt.Errorf("ability %q names no effect", line)
	}
	e := engine.IndexFold(effectNames, f[0])
	if e < 0 {
		return a, fmt.Errorf("unknown effect %q (the effects are %s)", f[0], strings.Join(effectNames, ", "))
	}
	a.Effect = effect(e)
	f = f[1:]
	if len(f) > 0 {
		if n, err := strconv.Atoi(f[0]); err == nil {
			if n < -20 || n > 20 {
				return a, fmt.Errorf("amount %d is out of range -20..20", n)
			}
			a.N = int8(n)
			f = f[1:]
		}
	}
	switch a.Effect {
	case eDestroy, eCancel, eLifesteal:
		if a.N != 0 {
			return a, fmt.Errorf("%s takes no amount", effectNames[a.Effect])
		}
	default:
		if a.N == 0 {
			return a, fmt.Errorf("%s needs an amount", effectNames[a.Effect])
		}
	}
	if len(f) != 1 {
		return a, fmt.Errorf("ability %q needs exactly one target (the targets are %s)", line, strings.Join(targetNames, ", "))
	}
	tg := engine.IndexFold(targetNames, f[0])
	if tg < 0 {
		return a, fmt.Errorf("unknown target %q (the targets are %s)", f[0], strings.Join(targetNames, ", "))
	}
	a.Target = target(tg)
	return a, nil
}

// checkAbility checks that an ability makes sense on its card.
func checkAbility(d *cardDef, a ability) (msg, fix string) {
	creatureEffect := a.Effect == eAtk || a.Effect == eDef || a.Effect == eInit || a.Effect == eHP || a.Effect == eDestroy
	playerEffect := a.Effect == eSilver || a.Effect == eZynalith || a.Effect == eVP || a.Effect == eDraw || a.Effect == eLifesteal
	switch {
	case creatureEffect && a.Target.players():
		return effectNames[a.Effect] + " works on creatures, not players", "target self, line, played or a creatures group"
	case playerEffect && !a.Target.players():
		return effectNames[a.Effect] + " works on players, not creatures", "target owner, opponents, players or played-owner"
	case a.Effect == eCancel && a.Target != tPlayed:
		return "cancel works only on the played card", "write `cancel played`"
	case a.Effect == eCancel && d.Kind != kCounter:
		return "only counters cancel", "make the card `kind: counter`"
	case (a.Target == tPlayed || a.Target == tPlayedOwner) && d.Kind != kCounter:
		return "only counters know a played card", "use another target"
	case d.Kind == kEvent && a.Target != tPlayers && a.Target != tCreatures:
		return "an event belongs to nobody, so it can only affect everyone", "target players or creatures"
	case d.Kind == kEvent && a.When != trSofort:
		return "an event's own effects happen when it is revealed", "use the trigger Sofort"
	case (d.Kind == kSpell || d.Kind == kCounter) && a.When != trSofort:
		return "a " + kindNames[d.Kind] + " acts once, when played", "use the trigger Sofort"
	case a.Target == tSelf && (d.Kind == kCounter || d.Kind == kEvent):
		return "a " + kindNames[d.Kind] + " has no creature of its own", "use another target"
	case (a.Effect == eDamage || a.Effect == eHeal || a.Effect == eDraw) && a.N < 0:
		return effectNames[a.Effect] + " needs a positive amount", "use a number above 0"
	case d.Enemy:
		return "an extra on an opposing creature cannot have abilities of its own", "remove the ability or `attach: enemy`"
	case a.Effect == eDraw && a.Target != tOwner:
		return "only the owner draws", "write `draw N owner`"
	}
	return "", ""
}
