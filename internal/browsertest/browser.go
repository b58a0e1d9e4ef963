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
	ctx, refusals := newTab(t, life)
	t.Cleanup(func() {
		for _, r := range refusals() {
			t.Errorf("the browser refused what a page asked for under its content policy: %s", r)
		}
	})
	return ctx
}

// newTab starts Chromium with a tab that lives up to life, and says what
// the pages' content policies refused in it.
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
	return ctx, watchPolicy(t, ctx)
}

// watchPolicy records every refusal of the pages' content policy in the
// tab (a script, style, image or connection the policy does not allow),
// which would break a page without an error of its own.
func watchPolicy(t *testing.T, ctx context.Context) func() []string {
	t.Helper()
	var mu sync.Mutex
	var refused []string
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*cdplog.EventEntryAdded); ok && strings.Contains(e.Entry.Text, "Content Security Policy") {
			mu.Lock()
			refused = append(refused, e.Entry.Text)
			mu.Unlock()
		}
	})
	if err == nil {
		_, err = chromedp.Call(ctx, cdplog.Enable, cdp.Empty{})
	}
	if err != nil {
		t.Fatalf("starting the browser: %v", err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(refused)
	}
}

func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}
