package mysticelements

import (
	"testing"

	"kartenwerk/engine/enginetest"
)

// digestRules are the rule ids of the Mystic Elements digest.
var digestRules = []string{
	"ME-1.1", "ME-1.2", "ME-1.3", "ME-2.1", "ME-2.2", "ME-2.3", "ME-2.4",
	"ME-2.5", "ME-2.6", "ME-2.7", "ME-2.8", "ME-2.9", "ME-2.10", "ME-2.11",
	"ME-2.12", "ME-3.1", "ME-3.2", "ME-3.3", "ME-3.4", "ME-3.5", "ME-4.1",
	"ME-4.2", "ME-4.3", "ME-4.4", "ME-4.5", "ME-4.6", "ME-4.7", "ME-5.1",
	"ME-5.2", "ME-5.3", "ME-5.4", "ME-5.5", "ME-5.6", "ME-5.7", "ME-5.8",
	"ME-5.9", "ME-5.10", "ME-5.11", "ME-6.1", "ME-6.2", "ME-6.3", "ME-6.4",
	"ME-6.5", "ME-6.6", "ME-6.7", "ME-7.1", "ME-7.2", "ME-7.3", "ME-8.1",
	"ME-8.2", "ME-8.3", "ME-9.1", "ME-9b.1", "ME-9b.2", "ME-10.1", "ME-10.2",
	"ME-10.3", "ME-10.4", "ME-10.5", "ME-10.6", "ME-10.7", "ME-10.8",
	"ME-10.9", "ME-10.10", "ME-10.11", "ME-10.12", "ME-10.13", "ME-10.14",
	"ME-10.U1", "ME-10.U2", "ME-10.U3", "ME-10.U4", "ME-10.U5", "ME-10.U6",
	"ME-10.U7", "ME-10.U8",
}

// Every rule id of the digest is cited by a test, in its name or in a
// comment or message inside it, or by a scenario file.
func TestEveryRuleIsCited(t *testing.T) { enginetest.CheckRulesCited(t, digestRules) }
