package codes

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"testing"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"
)

// decodeQR reads a QR image with an independent decoder. The images are
// clean upright renders, so it reads them as pure barcodes: gozxing's
// finder-pattern search, meant for photographs, misses about one clean
// symbol in 200 (of go-qrcode's and rsc.io/qr's alike) that zbarimg reads.
func decodeQR(t *testing.T, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	pure := map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_PURE_BARCODE: true}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, pure)
	if err != nil {
		t.Fatalf("the QR image does not decode: %v", err)
	}
	return res.GetText()
}

func testLinks(t *testing.T) []Link {
	web, err := NewLink("https://cards.example/athernum")
	if err != nil {
		t.Fatal(err)
	}
	return []Link{{}, web}
}

// A code's PNG decodes back to its payload, and the payload to the code.
func TestPNGRoundTrip(t *testing.T) {
	for _, l := range testLinks(t) {
		for _, c := range sampleCodes(t, 40) {
			q, err := NewQR(l.Payload(c))
			if err != nil {
				t.Fatal(err)
			}
			data, err := q.PNG(6)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if w := img.Bounds().Dx(); w != (q.Size()+2*quietZone)*6 {
				t.Errorf("the PNG is %d pixels wide, want %d", w, (q.Size()+2*quietZone)*6)
			}
			text := decodeQR(t, img)
			if back, err := FromPayload(text); err != nil || back != c || text != l.Payload(c) {
				t.Fatalf("decoded %q (%v, %v), want %q", text, back, err, l.Payload(c))
			}
		}
	}
}

// svgDoc is what the test reads back from an SVG.
type svgDoc struct {
	XMLName xml.Name `xml:"http://www.w3.org/2000/svg svg"`
	ViewBox string   `xml:"viewBox,attr"`
	Width   int      `xml:"width,attr"`
	Path    struct {
		D string `xml:"d,attr"`
	} `xml:"path"`
}

var svgRun = regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`)

// svgModules parses the SVG as XML and fills a grid from its dark runs.
func svgModules(t *testing.T, data []byte) [][]bool {
	t.Helper()
	var doc svgDoc
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, data)
	}
	var n int
	if _, err := fmt.Sscanf(doc.ViewBox, "0 0 %d %d", &n, &n); err != nil {
		t.Fatalf("viewBox %q: %v", doc.ViewBox, err)
	}
	grid := make([][]bool, n)
	for y := range grid {
		grid[y] = make([]bool, n)
	}
	rest := svgRun.ReplaceAllString(doc.Path.D, "")
	if rest != "" {
		t.Fatalf("the path holds %q besides module runs", rest)
	}
	for _, m := range svgRun.FindAllStringSubmatch(doc.Path.D, -1) {
		x, _ := strconv.Atoi(m[1])
		y, _ := strconv.Atoi(m[2])
		w, _ := strconv.Atoi(m[3])
		if m[3] != m[4] || y >= n || x+w > n {
			t.Fatalf("run %q does not close or leaves the %d×%d view", m[0], n, n)
		}
		for i := range w {
			grid[y][x+i] = true
		}
	}
	return grid
}

// hasFinder reports whether a 7×7 finder pattern (a dark ring, a light
// ring, a dark 3×3 centre) stands at (x, y).
func hasFinder(grid [][]bool, x, y int) bool {
	for dy := range 7 {
		for dx := range 7 {
			ring := max(abs(dx-3), abs(dy-3))
			if grid[y+dy][x+dx] != (ring != 2) {
				return false
			}
		}
	}
	return true
}

func abs(x int) int { return max(x, -x) }

// The SVG is well-formed XML whose grid has the 17 + 4·version modules of
// its QR version, the finder patterns in three corners, and decodes to
// its payload once drawn.
func TestSVGModulesMatchTheVersion(t *testing.T) {
	for _, l := range testLinks(t) {
		c := sampleCodes(t, 1)[0]
		q, err := NewQR(l.Payload(c))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := q.WriteSVG(&b, 3); err != nil {
			t.Fatal(err)
		}
		grid := svgModules(t, b.Bytes())
		size := 17 + 4*q.Version()
		if len(grid) != size+2*quietZone || q.Size() != size {
			t.Fatalf("version %d wants %d modules and a %d-module view, the SVG has %d", q.Version(), size, size+2*quietZone, len(grid))
		}
		far := quietZone + size - 7
		for _, at := range [][2]int{{quietZone, quietZone}, {far, quietZone}, {quietZone, far}} {
			if !hasFinder(grid, at[0], at[1]) {
				t.Errorf("no finder pattern at module (%d, %d)", at[0]-quietZone, at[1]-quietZone)
			}
		}
		if text := decodeQR(t, drawGrid(grid, 4)); text != l.Payload(c) {
			t.Errorf("the SVG's modules decode to %q, want %q", text, l.Payload(c))
		}
	}
}

// The default payload of 39 bytes needs version 4 at level Q: version 3
// holds 32 bytes at that level.
func TestDefaultPayloadVersion(t *testing.T) {
	q, err := NewQR(Link{}.Payload(sampleCodes(t, 1)[0]))
	if err != nil {
		t.Fatal(err)
	}
	if q.Version() != 4 || q.Size() != 33 {
		t.Fatalf("version %d, %d modules; want 4 and 33", q.Version(), q.Size())
	}
}

func drawGrid(grid [][]bool, px int) image.Image {
	n := len(grid) * px
	img := image.NewGray(image.Rect(0, 0, n, n))
	for y := range n {
		for x := range n {
			img.SetGray(x, y, color.Gray{Y: 255})
			if grid[y/px][x/px] {
				img.SetGray(x, y, color.Gray{})
			}
		}
	}
	return img
}

func TestQRRefusesBadSizes(t *testing.T) {
	q, err := NewQR("kartenwerk:code/x")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.PNG(0); err == nil {
		t.Error("PNG(0) accepted")
	}
	if err := q.WriteSVG(&bytes.Buffer{}, -1); err == nil {
		t.Error("WriteSVG(-1) accepted")
	}
}
