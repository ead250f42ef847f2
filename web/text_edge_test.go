package web_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// badTexts are texts Postgres refuses, percent-encoded as a path, a query or a form sends
// them: invalid UTF-8 (a stray byte, a cut sequence, an overlong NUL, an encoded
// surrogate) and the NUL byte.
var badTexts = []string{"%FF", "%00", "a%00b", "%C3%28", "%C0%80", "%ED%A0%80", "x%E2%82"}

// Trust review 4, finding 2: a NUL byte or invalid UTF-8 reached Postgres and answered 500
// (/attend/%FF, /calendar/%FF.ics, usernames with NUL in remove, withdraw, co-organisers,
// replace). Every route of both route tables is sent every bad text in each of its path
// parameters, in its query and in a form: the path is not found (404), the query or form
// field a 400 naming it, and never a 500.
func TestCrawlEveryRouteRefusesBadTextAtTheEdge(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.NewPlayers("edge", 9)
	organiser := players[0]
	l := app.NewLeague(organiser.User, "gonzaga", 4, 0)
	for _, p := range players[1:] {
		l = app.Join(l, p.User)
	}
	game := app.LeagueGames(l)[0]

	send := func(method, path, contentType, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, app.srv.URL+path, strings.NewReader(body))
		require.NoError(t, err, "%s %s", method, path)
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		if strings.HasPrefix(path, "/api/") {
			req.Header.Set("Authorization", "Bearer "+organiser.Token)
		}
		res, err := app.srv.Client().Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.StatusCode, strings.ToLower(string(b)) // an error page capitalises its title
	}
	// fill puts value in the parameter named bad and a real id or a plain word elsewhere.
	fill := func(pattern, bad, value string) string {
		parts := strings.Split(pattern, "/")
		for i, part := range parts {
			name, ok := strings.CutPrefix(part, ":")
			switch {
			case !ok:
			case name == bad:
				parts[i] = value
			case name == "id" && strings.HasPrefix(pattern, "/games/"), name == "id" && strings.HasPrefix(pattern, "/api/v1/games/"):
				parts[i] = strconv.FormatInt(game.ID, 10)
			case name == "id":
				parts[i] = strconv.FormatInt(l.ID, 10)
			default:
				parts[i] = "word"
			}
		}
		return strings.Join(parts, "/")
	}

	// short keeps a failure's message to the start of the answer.
	short := func(body string) string { return body[:min(len(body), 200)] }
	routes := app.handler.RouteTable()
	require.Greater(t, len(routes), 100, "both route tables")
	for _, r := range routes {
		var params []string
		for part := range strings.SplitSeq(r.Path, "/") {
			if name, ok := strings.CutPrefix(part, ":"); ok {
				params = append(params, name)
			}
		}
		for _, bad := range badTexts {
			for _, p := range params {
				status, body := send(r.Method, fill(r.Path, p, bad), "", "")
				assert.Equal(t, http.StatusNotFound, status, "%s %s with %s=%s: %s", r.Method, r.Path, p, bad, short(body))
				if strings.HasPrefix(r.Path, "/api/") {
					assert.Contains(t, body, p+": not found", "%s %s names %s", r.Method, r.Path, p)
				}
			}
			status, body := send(r.Method, fill(r.Path, "", "")+"?next="+bad, "", "")
			assert.Equal(t, http.StatusBadRequest, status, "%s %s?next=%s: %s", r.Method, r.Path, bad, short(body))
			assert.Contains(t, body, "next: must be valid utf-8", "%s %s?next=%s", r.Method, r.Path, bad)
			if r.Method == http.MethodGet || r.Method == http.MethodDelete { // no form body read
				continue
			}
			status, body = send(r.Method, fill(r.Path, "", ""), "application/x-www-form-urlencoded", "username="+bad+"&_csrf=x")
			assert.Equal(t, http.StatusBadRequest, status, "%s %s form username=%s: %s", r.Method, r.Path, bad, short(body))
			assert.Contains(t, body, "username: must be valid utf-8", "%s %s form username=%s", r.Method, r.Path, bad)
		}
	}
}

// The JSON twin: a NUL (\u0000) or an unpaired surrogate in any string of a body, a
// member's name too, is a 400 naming the field, at every API route that reads a body,
// and never a 500 at any.
func TestJSONBodiesRefuseNULAndInvalidText(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.NewPlayers("json", 9)
	organiser := players[0]
	l := app.NewLeague(organiser.User, "gonzaga", 4, 0)
	for _, p := range players[1:] {
		l = app.Join(l, p.User)
	}
	id := strconv.FormatInt(l.ID, 10)
	for _, c := range []struct {
		method, path, body, field string
	}{
		{"POST", "/api/v1/leagues/" + id + "/remove", `{"username":"json2\u0000"}`, "username"},
		{"POST", "/api/v1/leagues/" + id + "/withdraw", `{"username":"\u0000"}`, "username"},
		{"POST", "/api/v1/leagues/" + id + "/co-organisers", `{"username":"json2\u0000x"}`, "username"},
		{"POST", "/api/v1/leagues/" + id + "/replace", `{"from":"json2","to":"a\u0000"}`, "to"},
		{"POST", "/api/v1/leagues/" + id + "/replace", `{"from":"\udc00","to":"a"}`, "from"},
		{"POST", "/api/v1/login", `{"username":"json1\u0000","password":"password-1"}`, "username"},
		{"POST", "/api/v1/signup", `{"username":"new","display_name":"N","password":"a\u0000long-password"}`, "password"},
		{"PATCH", "/api/v1/me", `{"display_name\u0000":"x"}`, `"display_name\x00"`},
		{"POST", "/api/v1/leagues", `{"name":"L","game":"gonzaga","players_per_game":4,"edition":["\u0000"]}`, "edition[0]"},
	} {
		res := app.Send(c.method, c.path, organiser.Token, []byte(c.body))
		var out map[string]string
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		res.Body.Close()
		assert.Equal(t, http.StatusBadRequest, res.StatusCode, "%s %s %s: %v", c.method, c.path, c.body, out)
		assert.True(t, strings.HasPrefix(out["error"], c.field+": "), "%s %s: %q names %q", c.method, c.path, out["error"], c.field)
	}

	// Every write route of the API, with a NUL in a field it may read: never a 500.
	for _, r := range app.handler.RouteTable() {
		if !strings.HasPrefix(r.Path, "/api/") || r.Method == http.MethodGet {
			continue
		}
		path := strings.ReplaceAll(strings.ReplaceAll(r.Path, ":id", id), ":", "")
		for _, body := range []string{`{"username":"\u0000"}`, `{"name":"a\u0000"}`, "{\"name\":\"\xff\"}"} {
			res := app.Send(r.Method, path, organiser.Token, []byte(body))
			res.Body.Close()
			assert.Less(t, res.StatusCode, 500, "%s %s %s", r.Method, path, body)
		}
	}
}
