package zynalith

import "kartenwerk/engine"

// CardFiles lists the card files the pool was built from, shipped first
// (engine.CardSource).
func (g Game) CardFiles() []engine.CardFile { return g.set().CardFiles() }
