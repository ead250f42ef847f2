package main

import (
	"context"
	"errors"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestUserResetLinkPrintsASingleUseLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dbURL := storetest.NewDatabase(t)
	pool, err := pgxpool.New(ctx, dbURL)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	st := store.New(pool, storetest.QuickPasswords())
	_, err = st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
	require.NoError(t, err)

	cmd := exec.Command(tablestakesBinary(t), "user", "reset-link", "ADA")
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "TABLESTAKES_BASE_URL=https://club.example/league")
	out, err := cmd.Output()
	require.NoError(t, err)
	line := strings.TrimSpace(string(out))
	require.True(t, strings.HasPrefix(line, "https://club.example/league/password/reset?token="), line)
	u, err := url.Parse(line)
	require.NoError(t, err)
	token := u.Query().Get("token")

	_, err = service.NewAccounts(st).ResetPassword(ctx, token, "difference-engine")
	require.NoError(t, err)
	_, err = st.Authenticate(ctx, "ada", "difference-engine")
	assert.NoError(t, err)
	_, err = service.NewAccounts(st).ResetPassword(ctx, token, "third-password")
	assert.ErrorIs(t, err, store.ErrLinkInvalid, "the link works once")

	for _, args := range [][]string{{"user", "reset-link", "nobody"}, {"user", "reset-link"}, {"user", "frobnicate", "ada"}} {
		cmd := exec.Command(tablestakesBinary(t), args...)
		cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "%v: %s", args, out)
		assert.Equal(t, 2, exit.ExitCode(), "%v", args)
		assert.Equal(t, 1, strings.Count(string(out), "\n"), "%v: one line: %s", args, out)
	}
}

func TestServeConfigMailAndBaseURL(t *testing.T) {
	t.Parallel()
	env := func(kv ...string) func(string) string {
		return func(key string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == key {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	cfg, err := loadServeConfig("serve", nil, env())
	require.NoError(t, err)
	assert.Equal(t, "http://127.0.0.1:8080", cfg.Web.BaseURL)
	assert.Empty(t, cfg.Web.Mail.Addr, "no mail unless configured")

	cfg, err = loadServeConfig("serve", nil, env(
		"TABLESTAKES_BASE_URL", "https://club.example/league/",
		"TABLESTAKES_SMTP_ADDR", "mail.club.example:587",
		"TABLESTAKES_SMTP_FROM", "TableStakes <league@club.example>",
		"TABLESTAKES_SMTP_USERNAME", "league",
		"TABLESTAKES_SMTP_PASSWORD", "secret",
	))
	require.NoError(t, err)
	assert.Equal(t, "https://club.example/league", cfg.Web.BaseURL)
	assert.Equal(t, "mail.club.example:587", cfg.Web.Mail.Addr)
	assert.Equal(t, "TableStakes <league@club.example>", cfg.Web.Mail.From)
	assert.Equal(t, "league", cfg.Web.Mail.Username)
	assert.Equal(t, "secret", cfg.Web.Mail.Password)

	for _, tc := range []struct {
		env  func(string) string
		want string
	}{
		{env("TABLESTAKES_BASE_URL", "club.example"), `TABLESTAKES_BASE_URL: want an http(s) address such as https://club.example, got "club.example"`},
		{env("TABLESTAKES_BASE_URL", "ftp://club.example"), `TABLESTAKES_BASE_URL: want an http(s) address such as https://club.example, got "ftp://club.example"`},
		{env("TABLESTAKES_SMTP_ADDR", "mail.club.example"), `TABLESTAKES_SMTP_ADDR: want HOST:PORT, got "mail.club.example"`},
		{env("TABLESTAKES_SMTP_ADDR", "mail.club.example:25"), `TABLESTAKES_SMTP_FROM: want the sender's e-mail address, got ""`},
	} {
		_, err := loadServeConfig("serve", nil, tc.env)
		var bad *inputError
		require.ErrorAs(t, err, &bad)
		assert.EqualError(t, err, tc.want)
	}
}
