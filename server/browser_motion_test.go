package server

import (
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBrowserMotionFollowsTheReadersSetting: the AI's "thinking" pulse
// and the lab's progress bar move for a reader who has not asked for less
// motion, and stand still for one who has (prefers-reduced-motion).
func TestBrowserMotionFollowsTheReadersSetting(t *testing.T) {
	_, tab, _, do := openLab(t)
	// A thinking prompt as the table draws it, and a progress bar as the
	// lab draws a run's: both pages' styles are on the lab's page.
	do("add a thinking prompt and a bar", chromedp.Evaluate[chromedp.Void](`(() => {
		const p = document.createElement("div"); p.className = "prompt thinking"; p.innerHTML = "<p id=pulse>…</p>";
		const b = document.createElement("div"); b.className = "bar-fill"; b.id = "bar";
		document.body.append(p, b); })()`))
	motion := func() []string {
		t.Helper()
		got, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[getComputedStyle(document.getElementById("pulse")).animationName,
			getComputedStyle(document.getElementById("bar")).transitionDuration]`))
		if err != nil || len(got) != 2 {
			t.Fatalf("reading the motion: %v (%v)", got, err)
		}
		return got
	}
	if got := motion(); got[0] != "pulse" || got[1] == "0s" {
		t.Errorf("without a motion setting the pulse is %q and the bar glides for %q: want the pulse and a glide", got[0], got[1])
	}
	reduce := []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
	if _, err := chromedp.Call(tab, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: reduce}); err != nil {
		t.Fatal(err)
	}
	if got := motion(); got[0] != "none" || got[1] != "0s" {
		t.Errorf("asked for less motion, the pulse is %q and the bar glides for %q: want none and 0s", got[0], got[1])
	}
}
