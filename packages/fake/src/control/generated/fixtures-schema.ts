/**
 * DO NOT EDIT: generated from the Fixtures schema of packages/fake/control-openapi.yaml (npm run generate).
 * Change the document and regenerate; CI fails when this file is stale (npm run check:generated).
 */

/** The JSON Schema of a fixtures file (`Fixtures` of control-openapi.yaml), with every schema it names. */
export const FIXTURES_SCHEMA: Record<string, unknown> = {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "description": {
      "type": "string",
      "maxLength": 2000
    },
    "organizations": {
      "type": "array",
      "maxItems": 100,
      "items": {
        "$ref": "#/$defs/FixtureOrganization"
      }
    },
    "workspaces": {
      "type": "array",
      "maxItems": 1000,
      "items": {
        "$ref": "#/$defs/FixtureWorkspace"
      }
    },
    "routes": {
      "type": "array",
      "maxItems": 5000,
      "items": {
        "$ref": "#/$defs/FixtureRoute"
      }
    },
    "orders": {
      "type": "array",
      "maxItems": 50000,
      "items": {
        "$ref": "#/$defs/FixtureOrder"
      }
    },
    "webhooks": {
      "type": "array",
      "maxItems": 1000,
      "items": {
        "$ref": "#/$defs/FixtureWebhook"
      }
    }
  },
  "$defs": {
    "FixtureKey": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"
    },
    "FixtureOrder": {
      "type": "object",
      "required": [
        "workspace"
      ],
      "properties": {
        "key": {
          "$ref": "#/$defs/FixtureKey"
        },
        "workspace": {
          "$ref": "#/$defs/WorkspaceReference"
        },
        "route": {
          "$ref": "#/$defs/FixtureKey"
        }
      },
      "additionalProperties": true
    },
    "FixtureOrganization": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "key",
        "tokens"
      ],
      "properties": {
        "key": {
          "$ref": "#/$defs/FixtureKey"
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255
        },
        "tokens": {
          "type": "array",
          "minItems": 1,
          "maxItems": 20,
          "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255,
            "pattern": "^[!-~]+$"
          }
        }
      }
    },
    "FixtureRoute": {
      "type": "object",
      "required": [
        "workspace"
      ],
      "properties": {
        "key": {
          "$ref": "#/$defs/FixtureKey"
        },
        "workspace": {
          "$ref": "#/$defs/WorkspaceReference"
        }
      },
      "additionalProperties": true
    },
    "FixtureWebhook": {
      "type": "object",
      "properties": {
        "key": {
          "$ref": "#/$defs/FixtureKey"
        },
        "organization": {
          "$ref": "#/$defs/FixtureKey"
        },
        "workspace": {
          "$ref": "#/$defs/WorkspaceReference"
        },
        "secret": {
          "type": "string",
          "minLength": 16,
          "maxLength": 255
        }
      },
      "additionalProperties": true
    },
    "FixtureWorkspace": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "key",
        "organization"
      ],
      "properties": {
        "key": {
          "$ref": "#/$defs/FixtureKey"
        },
        "organization": {
          "$ref": "#/$defs/FixtureKey"
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 1000
        },
        "timezone": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64
        },
        "serviceArea": {
          "$ref": "#/$defs/ServiceArea"
        }
      }
    },
    "ServiceArea": {
      "type": "object",
      "additionalProperties": false,
      "required": [
        "latitude",
        "longitude",
        "radiusKm"
      ],
      "properties": {
        "latitude": {
          "type": "number",
          "minimum": -90,
          "maximum": 90
        },
        "longitude": {
          "type": "number",
          "minimum": -180,
          "maximum": 180
        },
        "radiusKm": {
          "type": "number",
          "exclusiveMinimum": 0,
          "maximum": 500
        }
      }
    },
    "WorkspaceReference": {
      "type": "string",
      "minLength": 1,
      "maxLength": 100
    }
  }
};
