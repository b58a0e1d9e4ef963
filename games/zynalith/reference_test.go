package zynalith

import (
	"testing"

	"kartenwerk/engine/enginetest"
)

// The rules reference has every rule of the digest (digestRules, of the
// rules-cited test) in every language, and every rule a variant cites,
// so that a page can link it.
func TestReference(t *testing.T) { enginetest.CheckReference(t, Game{}, digestRules) }
