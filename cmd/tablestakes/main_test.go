package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunRefusesMissingAndUnknownCommands(t *testing.T) {
	t.Parallel()
	for name, args := range map[string][]string{"missing": nil, "unknown": {"frobnicate"}} {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(context.Background(), args, strings.NewReader(""), &out)
			require.Error(t, err)
			var bad *inputError
			assert.True(t, errors.As(err, &bad), "an input error exits 2")
			assert.NotContains(t, err.Error(), "\n", "CONTRACT: a one-line error")
			assert.Contains(t, err.Error(), "tablestakes help")
			assert.Empty(t, out.String())
		})
	}
}

func TestOneLine(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"players[3].score: missing", "players[3].score: missing"},
		{"failed to connect to `db`:\n\t127.0.0.1:1: refused\n\t[::1]:1: refused", "failed to connect to `db`: 127.0.0.1:1: refused; [::1]:1: refused"},
		{"a\r\nb\n", "a; b"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, oneLine(tt.in))
	}
}
