package tune

import (
	"fmt"
	"testing"

	"kartenwerk/engine"
)

func TestGridPlaysEveryCombinationFirstFieldFastest(t *testing.T) {
	g, err := engine.Lookup("athernum")
	if err != nil {
		t.Fatal(err)
	}
	params := []Param{
		{Card: "Ember Warlord", Field: "cost", Values: []any{2, 3}},
		{Card: "Ember Warlord", Field: "vp", Values: []any{4, 5, 6}},
	}
	settings, err := Grid(g, params)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range settings {
		var card engine.CardInfo
		for _, c := range s.Game.Cards() {
			if c.Name == "Ember Warlord" {
				card = c
			}
		}
		got = append(got, fmt.Sprintf("%v:%s/%v", s.Values, card.Cost, card.Stats))
	}
	want := "[[2 4]:2/[{ofv 3} {dfv 4} {slots 2} {vp 4}] [3 4]:3/[{ofv 3} {dfv 4} {slots 2} {vp 4}] " +
		"[2 5]:2/[{ofv 3} {dfv 4} {slots 2} {vp 5}] [3 5]:3/[{ofv 3} {dfv 4} {slots 2} {vp 5}] " +
		"[2 6]:2/[{ofv 3} {dfv 4} {slots 2} {vp 6}] [3 6]:3/[{ofv 3} {dfv 4} {slots 2} {vp 6}]]"
	if s := fmt.Sprint(got); s != want {
		t.Errorf("settings\n%s\nwant\n%s", s, want)
	}
	if _, err := Grid(g, []Param{{Card: "Ember Warlord", Field: "cost", Values: []any{2}}, {Card: "No Such Card", Field: "vp", Values: []any{1}}}); err == nil {
		t.Error("a grid over an unknown card was made")
	}
}

// The settings nearest the target are listed once each, by the mean of
// all their evaluations: the search's best setting, evaluated again and
// again, was listed at its first evaluation alone, and could show as the
// furthest of those listed.
func TestClosestListsEachSettingOnceByItsMeanNearestFirst(t *testing.T) {
	b := &Balance{TargetValue: 0.5, Tried: []Tried{
		{Setting{"A.cost": 1}, 0.70},
		{Setting{"A.cost": 2}, 0.56},
		{Setting{"A.cost": 3}, 0.47},
		{Setting{"A.cost": 2}, 0.50}, // tried again: the mean of both stands
		{Setting{"A.cost": 2}, 0.50},
		{Setting{"A.cost": 4}, 0.35},
	}}
	var got []string
	for _, x := range b.Closest(3) {
		got = append(got, fmt.Sprintf("%v:%.2f/%d", x.Setting, x.Rate, x.Evaluations))
	}
	if s := fmt.Sprint(got); s != "[A.cost=2:0.52/3 A.cost=3:0.47/1 A.cost=4:0.35/1]" {
		t.Errorf("closest %s", s)
	}
	if n := len(b.Closest(10)); n != 4 {
		t.Errorf("%d settings listed, want the 4 tried", n)
	}
}
