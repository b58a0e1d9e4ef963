package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// ScreensEnv names the directory where tests keep their screenshots;
// without it they go to kartenwerk-screens in the system's temporary
// directory, outside the working tree.
const ScreensEnv = "KARTENWERK_SCREENS"

// Screenshot keeps what the tab shows as name.png in the screenshots'
// directory and logs its path, for people to look at after the test.
func Screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv(ScreensEnv)
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "kartenwerk-screens")
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
