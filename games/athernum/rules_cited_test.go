package athernum

import (
	"strings"
	"testing"

	"kartenwerk/engine/enginetest"
)

// digestRules are the rule ids of the Athernum digest (AT-1 to AT-10).
var digestRules = strings.Fields(`AT-1.1 AT-1.2 AT-1.3 AT-2.1 AT-2.2 AT-2.3 AT-2.4 AT-2.5 AT-2.6 AT-2.7 AT-2.8 AT-2.9
AT-2.10 AT-2.11 AT-2.12 AT-2.13 AT-2.14 AT-2.15 AT-2.16 AT-2.17 AT-2.18 AT-2.19 AT-2.20 AT-2.21 AT-2.22 AT-2.23
AT-2.24 AT-2.25 AT-3.1 AT-3.2 AT-3.3 AT-3.4 AT-3.5 AT-3.6 AT-4.1 AT-4.2 AT-4.3 AT-4.4 AT-4.5 AT-4.6 AT-4.7
AT-5.1 AT-5.2 AT-5.3 AT-5.4 AT-5.5 AT-5.6 AT-5.7 AT-5.8 AT-5.9 AT-5.10 AT-5.11 AT-5.12 AT-5.13 AT-5.14 AT-5.15
AT-5.16 AT-5.17 AT-5.18 AT-5.19 AT-5.20 AT-5.21 AT-5.22 AT-5.23 AT-5.24 AT-5.25 AT-6.1 AT-6.2 AT-6.3 AT-6.4
AT-6.5 AT-6.6 AT-6.7 AT-6.8 AT-6.9 AT-7.1 AT-7.2 AT-7.3 AT-7.4 AT-7.5 AT-7.6 AT-8.1 AT-8.2 AT-8.3 AT-8.4 AT-8.5
AT-8.6 AT-8.7 AT-9.1 AT-10.1 AT-10.2 AT-10.3 AT-10.4 AT-10.5 AT-10.6 AT-10.7 AT-10.8 AT-10.9 AT-10.10 AT-10.11
AT-10.12 AT-10.13 AT-10.14 AT-10.15 AT-10.16 AT-10.17 AT-10.18 AT-10.19 AT-10.20 AT-10.21 AT-10.U1 AT-10.U2
AT-10.U3 AT-10.U4 AT-10.U5 AT-10.U6 AT-10.U7 AT-10.U8`)

// Every rule id of the digest is cited by a test, in its name or in a
// comment or message inside it, or by a scenario file.
func TestEveryRuleIsCited(t *testing.T) { enginetest.CheckRulesCited(t, digestRules) }
