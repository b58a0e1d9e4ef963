// Package all registers every game of Kartenwerk with the engine; import
// it for its side effect.
package all

import (
	_ "kartenwerk/games/athernum"
	_ "kartenwerk/games/microlife"
	_ "kartenwerk/games/mysticelements"
	_ "kartenwerk/games/mystimons"
	_ "kartenwerk/games/zynalith"
)
