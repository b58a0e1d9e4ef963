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

// newTab opens a tab that lives up to life in a browser context of its
// own (cookies, storage, cache and service workers of its own, as in a
// fresh browser), and says what went wrong in its pages (see
// watchFaults). The tabs of a test binary share one Chromium: a tab of
// its own Chromium, opened and shown a page, took 2.6 s on a two-core
// machine, one in a running Chromium 1.4 s, and the server's browser
// tests open a tab for most of their 160 tests and subtests.
func newTab(t *testing.T, life time.Duration) (context.Context, func() []string) {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed: .ci/run must install it (apt-get install chromium)")
		}
		t.Skip("chromium is not installed (apt-get install chromium)")
	}
	// A browser that died (it crashed, or was killed) is started again
	// for the next tab, once; one that runs stays for the other tabs.
	for attempt := 0; ; attempt++ {
		browser := chromium.get(t, path)
		ctx, cancelTab := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		ctx, cancelTime := context.WithTimeout(ctx, life)
		faults, err := watchFaults(ctx)
		if err == nil {
			t.Cleanup(func() { cancelTime(); cancelTab() })
			return ctx, faults
		}
		cancelTime()
		cancelTab()
		if attempt == 1 || browser.Err() == nil {
			t.Fatalf("opening a tab: %v", err)
		}
		chromium.stop(browser)
	}
}

// chromium is the test binary's browser, started with its first tab.
// Main stops it; without Main the kernel ends it with the test binary
// (chromedp starts it with a parent-death signal), leaving its profile's
// few megabytes in the temporary directory.
var chromium sharedBrowser

// Main runs a package's tests, then stops the browser they shared and
// removes its profile: a package whose tests open tabs calls
// os.Exit(browsertest.Main(m)) from its TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	chromium.close()
	return code
}

// sharedBrowser starts Chromium once and hands out its context.
type sharedBrowser struct {
	mu      sync.Mutex
	browser context.Context
	cancel  func()
}

// get returns the browser's context, starting Chromium if it is not
// running.
func (b *sharedBrowser) get(t *testing.T, path string) context.Context {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.browser != nil {
		return b.browser
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
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
	browser, cancelBrowser := chromedp.NewContext(actx)
	if err := chromedp.Do(browser); err != nil {
		cancelBrowser()
		cancelAlloc()
		t.Fatalf("starting chromium: %v", err)
	}
	b.browser, b.cancel = browser, func() { cancelBrowser(); cancelAlloc() }
	return b.browser
}

// stop stops the browser if it is still the one given, and the next tab
// starts another. Two tabs that found the same browser dead thus start
// one new browser between them, not two.
func (b *sharedBrowser) stop(browser context.Context) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if browser == b.browser {
		b.closeLocked()
	}
}

// close stops the browser, if one runs.
func (b *sharedBrowser) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closeLocked()
}

func (b *sharedBrowser) closeLocked() {
	if b.cancel != nil {
		b.cancel()
	}
	b.browser, b.cancel = nil, nil
}

// watchFaults records what goes wrong in the tab's pages without a test
// necessarily seeing it: a refusal of the content policy (a script,
// style, image or connection it does not allow) and an uncaught
// exception, a rejected promise's included. Either leaves a page half
// drawn or a button dead. A script's value that reaches the page as
// text ("null", "undefined", "NaN", "[object Object]") counts as an
// exception too (strayWatch).
func watchFaults(ctx context.Context) (func() []string, error) {
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
	if err == nil {
		_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: requestWatch})
	}
	if err != nil {
		return nil, err
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(faults)
	}, nil
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

// Quiet is a script's test that the page has loaded and awaits no answer
// to a request of its scripts (see requestWatch): what it shows now is
// what it will show until something else happens.
const Quiet = `document.readyState === "complete" && window.__kwRequests === 0`

// requestWatch runs in every page before its own scripts and counts, as
// window.__kwRequests, the requests of its scripts still awaited: a fetch
// until its answer came and its body was read. A count falls only after
// the scripts awaiting it have run on (a task later), so that a page
// that draws what a request brought has drawn it when the count is 0.
const requestWatch = `(() => {
  window.__kwRequests = 0;
  const watch = (promise) => {
    window.__kwRequests++;
    const done = () => setTimeout(() => window.__kwRequests--);
    promise.then(done, done);
    return promise;
  };
  const fetch = window.fetch;
  window.fetch = function (...args) { return watch(fetch.apply(this, args)); };
  for (const read of ["json", "text", "blob", "arrayBuffer", "formData"]) {
    const original = Response.prototype[read];
    Response.prototype[read] = function (...args) { return watch(original.apply(this, args)); };
  }
})();`

func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}
