package api_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web/api"
	"github.com/tablestakes/tablestakes/web/apidoc"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// TestOpenAPIValidates checks the served document against the OpenAPI 3.1 schema.
func TestOpenAPIValidates(t *testing.T) {
	t.Parallel()
	b, err := apidoc.JSON()
	require.NoError(t, err)
	doc, err := libopenapi.NewDocument(b)
	require.NoError(t, err)
	v, errs := validator.NewValidator(doc)
	require.Empty(t, errs)
	ok, problems := v.ValidateDocument()
	for _, p := range problems {
		t.Errorf("openapi.json: %s: %s", p.Message, p.Reason)
		for _, se := range p.SchemaValidationErrors {
			t.Errorf("  at %s: %s", se.FieldPath, se.Reason)
		}
	}
	require.True(t, ok)
	_, modelErr := doc.BuildV3Model()
	require.NoError(t, modelErr)
}

// TestOpenAPICoversEveryRoute fails when a route is added to the API's route table without
// its description, or the description names a route the table does not have.
func TestOpenAPICoversEveryRoute(t *testing.T) {
	t.Parallel()
	e := echo.New()
	api.Routes(e.Group("/api/v1"), &httpx.Server{})
	param := regexp.MustCompile(`:([a-z_]+)`)
	var routes []string
	for _, r := range e.Routes() {
		if !strings.HasPrefix(r.Path, "/api/v1/") || r.Method == echo.RouteNotFound {
			continue
		}
		path := param.ReplaceAllString(strings.TrimPrefix(r.Path, "/api/v1"), "{$1}")
		routes = append(routes, r.Method+" "+path)
	}
	slices.Sort(routes)
	routes = slices.Compact(routes)
	require.NotEmpty(t, routes)

	doc, err := apidoc.Parse()
	require.NoError(t, err)
	ops, err := doc.Operations()
	require.NoError(t, err)
	var described []string
	ids := map[string]bool{}
	for _, op := range ops {
		described = append(described, op.Method+" "+op.Path)
		assert.NotEmpty(t, op.Summary, "%s %s: summary", op.Method, op.Path)
		assert.NotEmpty(t, op.OperationID, "%s %s: operationId", op.Method, op.Path)
		assert.False(t, ids[op.OperationID], "operationId %s used twice", op.OperationID)
		ids[op.OperationID] = true
		assert.NotEmpty(t, op.Responses, "%s %s: responses", op.Method, op.Path)
		for status := range op.Responses {
			if status >= "400" {
				desc, schema := doc.ResponseOf(op.Responses[status])
				assert.Equal(t, "Error", schema, "%s %s %s answers {\"error\"}: %s", op.Method, op.Path, status, desc)
			}
		}
	}
	for _, r := range routes {
		if !slices.Contains(described, r) {
			t.Errorf("route %s is not described in web/apidoc/openapi.yaml", r)
		}
	}
	for _, d := range described {
		if !slices.Contains(routes, d) {
			t.Errorf("web/apidoc/openapi.yaml describes %s, which the route table does not have", d)
		}
	}
	t.Logf("%d routes described", len(routes))
}
