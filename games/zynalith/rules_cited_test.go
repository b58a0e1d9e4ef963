package zynalith

import (
	"testing"

	"kartenwerk/engine/enginetest"
)

// digestRules are the rule ids of the Zynalith digest.
var digestRules = []string{
	"ZY-1.1", "ZY-1.2", "ZY-1.3", "ZY-1.4", "ZY-2.1", "ZY-2.2", "ZY-2.3",
	"ZY-2.4", "ZY-2.5", "ZY-2.6", "ZY-2.7", "ZY-2.8", "ZY-2.9", "ZY-2.10",
	"ZY-2.11", "ZY-3.1", "ZY-3.2", "ZY-3.3", "ZY-3.4", "ZY-4.1", "ZY-4.2",
	"ZY-4.3", "ZY-4.4", "ZY-4.5", "ZY-4.6", "ZY-4.7", "ZY-5.1", "ZY-5.2",
	"ZY-5.3", "ZY-5.4", "ZY-5.5", "ZY-5.6", "ZY-5.7", "ZY-5.8", "ZY-5.9",
	"ZY-5.10", "ZY-5.11", "ZY-5.12", "ZY-5.13", "ZY-5.14", "ZY-5.15",
	"ZY-5.16", "ZY-5.17", "ZY-5.18", "ZY-6.1", "ZY-6.2", "ZY-6.3", "ZY-6.4",
	"ZY-6.5", "ZY-6.6", "ZY-6.7", "ZY-6.8", "ZY-6.9", "ZY-6.10", "ZY-6.11",
	"ZY-6.12", "ZY-6.13", "ZY-6.14", "ZY-7.1", "ZY-7.2", "ZY-7.3", "ZY-7.4",
	"ZY-8.1", "ZY-8.2", "ZY-9.1", "ZY-9.2", "ZY-9.3", "ZY-10.1", "ZY-10.2",
	"ZY-10.3", "ZY-10.4", "ZY-10.5", "ZY-10.6", "ZY-10.7", "ZY-10.8",
	"ZY-10.9", "ZY-10.10", "ZY-10.11", "ZY-10.12", "ZY-10.13", "ZY-10.14",
	"ZY-10.15", "ZY-10.16", "ZY-10.17", "ZY-10.U1", "ZY-10.U2", "ZY-10.U3",
	"ZY-10.U4", "ZY-10.U5", "ZY-10.U6",
}

// Every rule id of the digest is cited by a test, in its name or in a
// comment or message inside it, or by a scenario file.
func TestEveryRuleIsCited(t *testing.T) { enginetest.CheckRulesCited(t, digestRules) }
