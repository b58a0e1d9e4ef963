package codes

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/skip2/go-qrcode"
)

// QR is a QR symbol of one payload, at error correction level Q.
type QR struct {
	version int
	modules [][]bool // [y][x], the four-module quiet zone included
}

// quietZone is the light border, in modules, that the QR standard asks for
// around a symbol and that go-qrcode's bitmap includes.
const quietZone = 4

// NewQR encodes payload at error correction level Q, which recovers a
// symbol with a quarter of it covered by scratch-off residue.
func NewQR(payload string) (*QR, error) {
	sym, err := qrcode.New(payload, qrcode.High) // go-qrcode's name for level Q
	if err != nil {
		return nil, fmt.Errorf("QR code of %q: %w", payload, err)
	}
	return &QR{version: sym.VersionNumber, modules: sym.Bitmap()}, nil
}

// Version is the QR version (1 to 40) the payload needed.
func (q *QR) Version() int { return q.version }

// Size is the symbol's width in modules, without the quiet zone:
// 17 + 4·Version.
func (q *QR) Size() int { return len(q.modules) - 2*quietZone }

// PNG draws the symbol with its quiet zone, each module a square of
// modulePixels pixels. It draws from the modules NewQR kept, since
// go-qrcode's own PNG encodes the symbol again, trying all eight masks.
func (q *QR) PNG(modulePixels int) ([]byte, error) {
	if modulePixels < 1 {
		return nil, fmt.Errorf("QR PNG: %d pixels a module; give at least 1", modulePixels)
	}
	n := len(q.modules) * modulePixels
	img := image.NewPaletted(image.Rect(0, 0, n, n), color.Palette{color.White, color.Black})
	for y := range n {
		row := q.modules[y/modulePixels]
		for x := range n {
			if row[x/modulePixels] {
				img.Pix[y*img.Stride+x] = 1
			}
		}
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// WriteSVG draws the symbol with its quiet zone as one path in a viewBox of
// one unit a module, each row's dark runs a rectangle, and a width and
// height of modulePixels a module.
func (q *QR) WriteSVG(w io.Writer, modulePixels int) error {
	if modulePixels < 1 {
		return fmt.Errorf("QR SVG: %d pixels a module; give at least 1", modulePixels)
	}
	n := len(q.modules)
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" shape-rendering="crispEdges">`,
		n, n, n*modulePixels, n*modulePixels)
	fmt.Fprintf(&b, "\n"+`<rect width="%d" height="%d" fill="#fff"/>`+"\n"+`<path fill="#000" d="`, n, n)
	for y, row := range q.modules {
		for x := 0; x < n; {
			if !row[x] {
				x++
				continue
			}
			run := 1
			for x+run < n && row[x+run] {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run)
			x += run
		}
	}
	b.WriteString("\"/>\n</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}
