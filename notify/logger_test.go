package notify

import (
	"bytes"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
)

// River's own running commentary reaches the server's log only at debug level; its
// warnings always do, with the attributes River adds.
func TestRiverLoggerKeepsWarningsAndDebugCommentary(t *testing.T) {
	var info, debug bytes.Buffer
	atInfo := riverLogger(slog.New(slog.NewTextHandler(&info, nil))).With("queue", "mail")
	atInfo.Info("producer: Producer job counts")
	atInfo.Warn("jobexecutor: stuck job")
	assert.NotContains(t, info.String(), "Producer job counts")
	assert.Contains(t, info.String(), `level=WARN msg="jobexecutor: stuck job" queue=mail`)

	atDebug := riverLogger(slog.New(slog.NewTextHandler(&debug, &slog.HandlerOptions{Level: slog.LevelDebug})))
	atDebug.Info("producer: Producer job counts")
	assert.Contains(t, debug.String(), "Producer job counts")
}
