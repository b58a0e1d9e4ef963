package mysticelements

import (
	"strings"
	"testing"
)

// The ability language of the card files (cards.go): each line either
// reads, into the text players see, or is refused with what is wrong.
func TestAbilityLanguage(t *testing.T) {
	for _, tc := range []struct {
		line string
		k    kind
		want string // a part of the text read, or of the refusal after "!"
	}{
		{"play: damage 2 to any", kWonder, "2 damage"},
		{"use: exhaust enemy unit; draw 1", kUnit, "draw"},
		{"pay 2 + 1 any: promote 1 to self", kUnit, "Pay 2 + 1 any: give this card 1 promote token"},
		{"start: heal 1 to you", kRelic, "heal"},
		{"play: limit -1 to opponent", kWonder, ""},
		{"play: damage 1 to each enemy unit", kWonder, "each"},
		{"play: damage 1 to host", kCharm, ""},
		{"damage 2 to any", kWonder, "!missing ':'"},
		{"burn: damage 2 to any", kWonder, "!unknown trigger \"burn\""},
		{"pay x: draw 1", kUnit, "!pay needs an amount 0..9"},
		{"pay 1 + x any: draw 1", kUnit, "!bad `+ N any`"},
		{"pay 1 2: draw 1", kUnit, "!write `pay N` or `pay N + M any`"},
		{"pay 0: draw 1", kUnit, "!must not be 0"},
		{"play: ", kWonder, "!empty effect"},
		{"play: burn 2 to any", kWonder, "!unknown effect \"burn\""},
		{"play: damage 12 to any", kWonder, "!amount 12 out of range"},
		{"play: damage -1 to any", kWonder, "!amount -1 out of range"},
		{"play: damage to any", kWonder, "!damage needs a positive amount"},
		{"play: limit 0", kWonder, "!limit needs a non-zero amount"},
		{"play: exhaust 2 enemy unit", kWonder, "!exhaust takes no amount"},
		{"play: damage 2", kWonder, "!damage needs a target"},
		{"play: promote 1 to self", kWonder, "!promote cannot apply to self here"},
		{"play: damage 1 to host", kWonder, "!only a charm's effects on units name its host"},
		{"play: exhaust you", kWonder, "!exhaust does not apply to players"},
		{"play: draw 1 to enemy unit", kWonder, "!cannot apply to that"},
		{"play: steal own unit", kWonder, "!steal takes an enemy card"},
		{"play: damage 1 to enemy unit; exhaust own unit", kWonder, "!an ability chooses one target"},
	} {
		a, err := parseAbility(tc.line, tc.k)
		refusal, refused := strings.CutPrefix(tc.want, "!")
		switch {
		case refused && err == nil:
			t.Errorf("%q was read as %q, want refused: %s", tc.line, a.Text, refusal)
		case refused && !strings.Contains(err.Error(), refusal):
			t.Errorf("%q: refused with %q, want %q", tc.line, err, refusal)
		case !refused && err != nil:
			t.Errorf("%q: refused with %q", tc.line, err)
		case !refused && !strings.Contains(a.Text, tc.want):
			t.Errorf("%q reads %q, want it to say %q", tc.line, a.Text, tc.want)
		}
	}
}
