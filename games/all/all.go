// Package all registers every game of Kartenwerk with the engine; import
// it for its side effect.
package all

import (
	_ "kartenwerk/games/mysticelements"
)
