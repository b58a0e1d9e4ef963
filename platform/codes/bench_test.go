package codes

import (
	"io"
	"testing"
)

// BenchmarkQR measures one code's images: the symbol, its PNG and its SVG.
func BenchmarkQR(b *testing.B) {
	c, err := New()
	if err != nil {
		b.Fatal(err)
	}
	payload := Link{}.Payload(c)
	for b.Loop() {
		q, err := NewQR(payload)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := q.PNG(10); err != nil {
			b.Fatal(err)
		}
		if err := q.WriteSVG(io.Discard, 10); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNew measures drawing one code from crypto/rand.
func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}
