package web_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
	"github.com/tablestakes/tablestakes/web/apidoc"
)

// TestOpenAPIDescribesWhatTheServerAnswers sends real requests and checks each request and
// its answer against the served OpenAPI document: the schemas say what the API does.
func TestOpenAPIDescribesWhatTheServerAnswers(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, web.Config{})

	res, err := a.srv.Client().Get(a.srv.URL + "/api/v1/openapi.json")
	require.NoError(t, err)
	served, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.NoError(t, res.Body.Close())
	require.Equal(t, http.StatusOK, res.StatusCode)
	want, err := apidoc.JSON()
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(served))

	doc, err := libopenapi.NewDocument(served)
	require.NoError(t, err)
	v, errs := validator.NewValidator(doc)
	require.Empty(t, errs)

	token := ""
	call := func(method, path string, body any, wantStatus int) map[string]any {
		t.Helper()
		var raw []byte
		if body != nil {
			raw, err = json.Marshal(body)
			require.NoError(t, err)
		}
		newReq := func() *http.Request {
			req, err := http.NewRequest(method, a.srv.URL+"/api/v1"+path, bytes.NewReader(raw))
			require.NoError(t, err)
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			return req
		}
		res, err := a.srv.Client().Do(newReq())
		require.NoError(t, err)
		answer, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.NoError(t, res.Body.Close())
		require.Equal(t, wantStatus, res.StatusCode, "%s %s: %s", method, path, answer)
		res.Body = io.NopCloser(bytes.NewReader(answer))
		ok, problems := v.ValidateHttpRequestResponse(newReq(), res)
		for _, p := range problems {
			t.Errorf("%s %s: %s: %s", method, path, p.Message, p.Reason)
			for _, se := range p.SchemaValidationErrors {
				t.Errorf("  at %s: %s", se.FieldPath, se.Reason)
			}
		}
		assert.True(t, ok, "%s %s answers as described", method, path)
		var out map[string]any
		_ = json.Unmarshal(answer, &out) // arrays decode to nothing, and the callers ignore them
		return out
	}

	call("POST", "/signup", map[string]string{"username": "ada", "display_name": "Ada", "password": "correct horse battery"}, http.StatusCreated)
	token = call("POST", "/login", map[string]string{"username": "ada", "password": "correct horse battery"}, http.StatusOK)["token"].(string)
	call("GET", "/me", nil, http.StatusOK)
	league := call("POST", "/leagues", map[string]any{"name": "Tuesday Cartagena", "game": "cartagena", "players_per_game": 4,
		"min_recent_games": 0}, http.StatusCreated)
	id := strconv.FormatInt(int64(league["id"].(float64)), 10)
	call("GET", "/leagues/"+id, nil, http.StatusOK)
	call("POST", "/leagues/"+id+"/join", nil, http.StatusOK)
	call("GET", "/leagues/"+id+"/games", nil, http.StatusOK)
	call("GET", "/leagues/"+id+"/standings", nil, http.StatusOK)
	call("GET", "/leagues/"+id+"/history", nil, http.StatusOK)
	call("POST", "/leagues", map[string]any{"name": "", "game": "cartagena", "players_per_game": 4}, http.StatusUnprocessableEntity)
	call("GET", "/leagues/999999", nil, http.StatusNotFound)
	game := call("POST", "/games", map[string]any{"game": "gonzaga", "seats": 2}, http.StatusCreated)
	call("GET", "/games/"+strconv.FormatInt(int64(game["id"].(float64)), 10), nil, http.StatusOK)
	call("GET", "/registry", nil, http.StatusOK)
	call("GET", "/ratings/cartagena", nil, http.StatusOK)
	call("GET", "/me/tokens", nil, http.StatusOK)
	call("GET", "/me/queue", nil, http.StatusOK)
	season := call("POST", "/seasons", map[string]any{"name": "Spring", "game": "cartagena", "players_per_game": 4}, http.StatusCreated)
	sid := strconv.FormatInt(int64(season["id"].(float64)), 10)
	call("POST", "/seasons/"+sid+"/signup", nil, http.StatusOK)
	call("GET", "/seasons/"+sid, nil, http.StatusOK)
	call("POST", "/seasons/"+sid+"/start", nil, http.StatusUnprocessableEntity)
}

// TestAPIPageRendersTheDocument checks the people's page of the API: every group and
// route of the document, drawn on the server.
func TestAPIPageRendersTheDocument(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, web.Config{})
	res, page := a.get(a.browser(), "/api")
	require.Equal(t, http.StatusOK, res.StatusCode)
	d, err := apidoc.Parse()
	require.NoError(t, err)
	ops, err := d.Operations()
	require.NoError(t, err)
	assert.Equal(t, len(d.Tags), page.Find("section.api-group").Length())
	assert.Equal(t, len(ops), page.Find("article.api-op").Length())
	create := page.Find("article#createLeague")
	assert.Contains(t, text(create.Find("h3")), "POST /api/v1/leagues")
	assert.Contains(t, text(create), "players_per_game")
	assert.Contains(t, text(create), "Needs a bearer token.")
	assert.Contains(t, text(page.Find("article#registry")), "Open to anyone.")
	assert.Contains(t, text(page.Find("article#login")), "Open to anyone.")
	assert.Equal(t, "/api/v1/openapi.json", page.Find(`a[href="/api/v1/openapi.json"]`).AttrOr("href", ""))
}

// The API page's own words follow the reader's language, and it says why the reference
// itself (fields, answers and errors the API gives every program alike) stays English.
func TestAPIPageInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	a := newTestApp(t, web.Config{})
	res, page := a.get(a.browser(), "/api?lang=de")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, text(page.Find(".api-english")), "Die API spricht Englisch")
	create := page.Find("article#createLeague")
	assert.Contains(t, text(create), "Braucht ein Bearer-Token.")
	assert.Equal(t, "Antworten", text(create.Find("h4").Last()))
	assert.Equal(t, "en", create.Find("p").First().AttrOr("lang", ""), "the English reference says it is English")
	_, page = a.get(a.browser(), "/api?lang=en")
	assert.Zero(t, page.Find(".api-english").Length())
}
