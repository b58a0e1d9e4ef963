package sim

import (
	"os"
	"testing"

	"kartenwerk/internal/browsertest"
)

// TestMain stops the browser the report tests share once they are done.
func TestMain(m *testing.M) { os.Exit(browsertest.Main(m)) }
