package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// ScreensEnv names the directory where tests keep their screenshots;
// without it they take none (the platform pages' 72 screenshots in one
// language cost their test 5 of its 43 seconds, and CI takes hundreds
// that nobody sees).
const ScreensEnv = "KARTENWERK_SCREENS"

// Screenshot keeps what the tab shows as name.png in the screenshots'
// directory (ScreensEnv) and logs its path, for people to look at after
// the test; without the directory it does nothing.
func Screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv(ScreensEnv)
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// Keep writes an image a test made (a full page, a chart) as file in
// $KARTENWERK_SCREENS, making the directory if it is missing, for people
// to look at after the test; without the variable it keeps nothing.
func Keep(t testing.TB, file string, image []byte) {
	t.Helper()
	dir := os.Getenv(ScreensEnv)
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, file)
	if err := os.WriteFile(path, image, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// FullPage captures the whole page as an image of the given quality (a
// PNG at 100, else a JPEG). It makes the window as tall as the page first,
// so that no scrollbar takes 15 px of a 390 px phone's width, which a
// capture beyond the window cut from the page's right edge; then it puts
// the window's height back.
func FullPage(ctx context.Context, quality int) ([]byte, error) {
	type size struct{ W, H, Page int64 }
	sz, err := chromedp.Run(ctx, chromedp.Evaluate[size](`({W: innerWidth, H: innerHeight, Page: Math.ceil(document.documentElement.scrollHeight)})`))
	if err != nil {
		return nil, err
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(sz.W, max(sz.H, sz.Page))); err != nil {
		return nil, err
	}
	defer chromedp.Do(ctx, chromedp.EmulateViewport(sz.W, sz.H))
	format, q := page.CaptureScreenshotFormatPng, int64(quality)
	if quality != 100 {
		format = page.CaptureScreenshotFormatJpeg
	}
	shot, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: format, Quality: &q})
	if err != nil {
		return nil, err
	}
	return shot.Data, nil
}
