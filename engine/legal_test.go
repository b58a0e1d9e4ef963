package engine

import "testing"

type counting struct{ calls int }

func (c *counting) gen(dst []Action) []Action {
	c.calls++
	return append(dst, Act(1, 2), Act(3))
}

// CachedLegal lists once until the state says its list is stale, and
// Contains finds exactly the listed actions.
func TestCachedLegal(t *testing.T) {
	var list []Action
	var listed bool
	c := &counting{}
	for range 3 {
		CachedLegal(&list, &listed, c, (*counting).gen)
	}
	if c.calls != 1 || len(list) != 2 {
		t.Fatalf("listed %d times into %v; want once, 2 actions", c.calls, list)
	}
	listed = false
	got := CachedLegal(&list, &listed, c, (*counting).gen)
	if c.calls != 2 || len(got) != 2 {
		t.Fatalf("a stale list is listed again, without growing: %d calls, %v", c.calls, got)
	}
	for _, tc := range []struct {
		a    Action
		want bool
	}{{Act(1, 2), true}, {Act(3), true}, {Act(1), false}, {Act(3, 0, 1), false}} {
		if Contains(got, tc.a) != tc.want {
			t.Errorf("Contains(%v) = %v", tc.a, !tc.want)
		}
	}
}
