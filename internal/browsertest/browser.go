// Package browsertest starts headless Chromium for tests that must see a
// page as a person's browser does: the HTML report, the play pages.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// New returns a browser tab's context. Without Chromium the test is
// skipped on a developer's machine, but fails under CI, which must have
// installed it (.ci/run does).
func New(t *testing.T) context.Context {
	t.Helper()
	return NewWithin(t, 2*time.Minute)
}

// NewWithin is New for a tab that may live up to life, for a test that
// plays a long game.
func NewWithin(t *testing.T, life time.Duration) context.Context {
	t.Helper()
	ctx, faults := newTab(t, life)
	t.Cleanup(func() {
		// A page's last steps may still run when the test ends: give them
		// a moment, then a round trip, before which the browser has sent
		// every event of theirs.
		time.Sleep(300 * time.Millisecond)
		_, _ = chromedp.Run(ctx, chromedp.Evaluate[int]("0"))
		for _, f := range faults() {
			t.Errorf("a page in the browser failed: %s", f)
		}
	})
	return ctx
}

// newTab starts Chromium with a tab that lives up to life, and says what
// went wrong in its pages (see watchFaults).
func newTab(t *testing.T, life time.Duration) (context.Context, func() []string) {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed: .ci/run must install it (apt-get install chromium)")
		}
		t.Skip("chromium is not installed (apt-get install chromium)")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, life)
	t.Cleanup(func() { cancelTime(); cancelTab(); cancelAlloc() })
	return ctx, watchFaults(t, ctx)
}

// watchFaults records what goes wrong in the tab's pages without a test
// necessarily seeing it: a refusal of the content policy (a script,
// style, image or connection it does not allow) and an uncaught
// exception, a rejected promise's included. Either leaves a page half
// drawn or a button dead. A script's value that reaches the page as
// text ("null", "undefined", "NaN", "[object Object]") counts as an
// exception too (strayWatch).
func watchFaults(t *testing.T, ctx context.Context) func() []string {
	t.Helper()
	var mu sync.Mutex
	var faults []string
	note := func(fault string) {
		mu.Lock()
		faults = append(faults, fault)
		mu.Unlock()
	}
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *cdplog.EventEntryAdded:
			if strings.Contains(e.Entry.Text, "Content Security Policy") {
				note("refused under its content policy: " + e.Entry.Text)
			}
		case *cdpruntime.EventExceptionThrown:
			d := e.ExceptionDetails
			what := d.Text
			if d.Exception != nil {
				what += " " + d.Exception.Description
			}
			note("threw " + what)
		}
	})
	if err == nil {
		_, err = chromedp.Call(ctx, cdplog.Enable, cdp.Empty{})
	}
	if err == nil {
		_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: strayWatch})
	}
	if err != nil {
		t.Fatalf("starting the browser: %v", err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(faults)
	}
}

// strayWatch runs in every page before its own scripts and throws when
// text that only a script's mistake writes is put on the page: a text
// node that is "null" (as replaceChildren writes a null child), or any
// text with "undefined", "NaN" or "[object Object]" in it.
const strayWatch = `(() => {
  const stray = /^null$|\bundefined\b|\bNaN\b|\[object Object\]/;
  const said = ["title", "placeholder", "aria-label", "alt", "value"]; // attributes a reader sees or hears
  const code = (node) => node && (node.tagName === "SCRIPT" || node.tagName === "STYLE");
  // Each fault is thrown on its own, so that one does not hide the next.
  const fault = (text, where) => setTimeout(() => {
    throw new Error("the page shows the stray text " + JSON.stringify(text.slice(0, 160)) + " " + where + " of " + location.pathname);
  });
  const checkAttribute = (node, name) => {
    const text = (node.getAttribute(name) || "").trim();
    if (stray.test(text)) fault(text, "as the " + name + " of <" + node.tagName.toLowerCase() + ">");
  };
  const check = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.data.trim();
      const parent = node.parentElement;
      if (!code(parent) && stray.test(text)) fault(text, "in <" + (parent ? parent.tagName.toLowerCase() + (parent.id ? "#" + parent.id : "") : "?") + ">");
    } else if (node.nodeType === Node.ELEMENT_NODE && !code(node)) {
      for (const name of said) checkAttribute(node, name);
      for (const child of node.childNodes) check(child);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "characterData") check(r.target);
      if (r.type === "attributes") checkAttribute(r.target, r.attributeName);
      for (const n of r.addedNodes) check(n);
    }
  }).observe(document, {childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: said});
})();`

func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}
