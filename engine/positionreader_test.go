package engine

import (
	"strings"
	"testing"
)

func TestReadPositionSeatCount(t *testing.T) {
	two := Position{Seats: make([]SeatPosition, 2)}
	for _, tc := range []struct {
		name     string
		setup    Setup
		pos      Position
		min, max int
		want     string
	}{
		{"too few", Setup{}, Position{Seats: make([]SeatPosition, 1)}, 2, 4, "lists 1 seats; the game has 2 to 4"},
		{"not the setup's", Setup{Seats: 3}, two, 2, 4, "lists 2 seats, the setup has 3"},
		{"fits", Setup{Seats: 2}, two, 2, 2, ""},
	} {
		_, err := ReadPosition(tc.setup, tc.pos, tc.min, tc.max)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// Every problem of a position is named with its path, and reading goes on
// past each, so that one error lists them all.
func TestPositionReaderGathersProblems(t *testing.T) {
	pos := Position{Active: 5, Phase: "Lunch", Seats: []SeatPosition{{
		Zones:    map[string][]CardSpec{"hand": {{Card: "A", Status: []string{"sleepy", "tapped"}, Owner: "p9"}}, "pocket": nil},
		Counters: map[string]int{"life": 3, "mana": 1},
		Props:    map[string]string{"passed": "yes", "colour": "red"},
	}, {}}, Props: map[string]string{"bought": "no"}}
	r, err := ReadPosition(Setup{}, pos, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if r.Active() != 0 {
		t.Errorf("active %v out of range is read as p1, got %v", pos.Active, r.Active())
	}
	if ph := r.Phase("main", "lunch"); ph != 1 {
		t.Errorf("phase Lunch is lunch whatever its case: got %d", ph)
	}
	var life int16
	var passed, tapped bool
	var zones []string
	r.Zones("seats[0].zones", pos.Seats[0].Zones, []string{"deck", "hand"}, func(z string, cards []CardSpec) {
		zones = append(zones, z)
		for _, c := range cards {
			r.Statuses("seats[0].zones.hand[0]", c, map[string]func(){"tapped": func() { tapped = true }})
			if o := r.Owner("seats[0].zones.hand[0]", c, 0); o != 0 {
				t.Errorf("a bad owner is read as the zone's seat, got %d", o)
			}
		}
	})
	r.Counters("seats[0]", pos.Seats[0].Counters, map[string]func(int){"life": SetInt(&life)})
	r.Props("seats[0]", pos.Seats[0].Props, map[string]func(string){"passed": SetFlag(&passed)})
	r.Props("", pos.Props, nil)
	if len(zones) != 1 || life != 3 || !passed || !tapped {
		t.Errorf("read zones %v, life %d, passed %v, tapped %v; want [hand], 3, true, true", zones, life, passed, tapped)
	}
	err = r.Err()
	if err == nil {
		t.Fatal("a bad position read cleanly")
	}
	for _, w := range []string{
		"active: p6 is not a seat",
		`seats[0].zones.hand[0]: unknown status "sleepy" (fix: use tapped)`,
		`seats[0].zones.hand[0]: owner "p9" is not a seat`,
		`seats[0].zones.pocket: unknown zone "pocket" (fix: use deck or hand)`,
		`seats[0].counters.mana: unknown counter "mana" (fix: use life)`,
		`seats[0].props.colour: unknown property "colour" (fix: use passed)`,
		`props.bought: unknown property "bought"`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\ndoes not say %q", err, w)
		}
	}
}

// ID keeps the ids a position fixes and numbers the other cards from 1,
// around them; CheckID holds a fixed id to the id the game gave.
func TestPositionReaderIDs(t *testing.T) {
	pos := Position{Seats: []SeatPosition{
		{Zones: map[string][]CardSpec{"hand": {{Card: "A", ID: 2}, {Card: "B"}}}},
		{Zones: map[string][]CardSpec{"play": {{Card: "C", Attached: []CardSpec{{Card: "D", ID: 1}}}}}},
	}}
	r, _ := ReadPosition(Setup{}, pos, 2, 2)
	var got []int
	for _, c := range []CardSpec{pos.Seats[0].Zones["hand"][0], pos.Seats[0].Zones["hand"][1], pos.Seats[1].Zones["play"][0]} {
		got = append(got, r.ID(c))
	}
	if got[0] != 2 || got[1] != 3 || got[2] != 4 {
		t.Errorf("ids %v, want [2 3 4]: fixed ids are kept, the rest skip them", got)
	}
	r.CheckID("here", CardSpec{Card: "A", ID: 3}, 3)
	if r.Err() != nil {
		t.Errorf("a fixed id that matches is fine: %v", r.Err())
	}
	r.CheckID("here", CardSpec{Card: "A", ID: 4}, 3)
	if err := r.Err(); err == nil || !strings.Contains(err.Error(), "here: id 4: fixed card ids are not supported") {
		t.Errorf("a fixed id that does not match: %v", err)
	}
}

func TestOneOf(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{{nil, "nothing"}, {[]string{"a"}, "a"}, {[]string{"a", "b", "c"}, "a, b or c"}} {
		if got := OneOf(tc.in); got != tc.want {
			t.Errorf("OneOf(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
