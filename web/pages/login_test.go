package pages

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLocalPath(t *testing.T) {
	t.Parallel()
	for next, want := range map[string]string{
		"/leagues/3":            "/leagues/3",
		"/":                     "/",
		"":                      "/",
		"leagues":               "/",
		"//evil.example":        "/",
		`/\evil.example`:        "/",
		"https://evil.example/": "/",
	} {
		assert.Equal(t, want, localPath(next), "next=%q", next)
	}
}
