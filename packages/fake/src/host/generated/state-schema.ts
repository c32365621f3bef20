/**
 * DO NOT EDIT: generated from the types of packages/fake/src/host/state-json.ts by typescript-json-schema
 * (npm run generate). Change the types and regenerate; CI fails when this file is stale (npm run check:generated).
 */

/** The JSON Schema of a state file's `fake` data (FakeDataJson), with every definition it refers to. */
export const FAKE_DATA_SCHEMA: Record<string, unknown> = {
  "type": "object",
  "properties": {
    "idsPosition": {
      "type": "number"
    },
    "actionOptions": {
      "$ref": "#/definitions/ActionOptions"
    },
    "pendingWork": {
      "type": "array",
      "items": {
        "$ref": "#/definitions/PendingWorkJson"
      }
    },
    "state": {
      "$ref": "#/definitions/StateJson"
    }
  },
  "required": [
    "actionOptions",
    "idsPosition",
    "pendingWork",
    "state"
  ],
  "definitions": {
    "ActionOptions": {
      "type": "object",
      "properties": {
        "hold": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "$ref": "#/definitions/ActionKind"
              }
            },
            {
              "type": "boolean"
            }
          ]
        },
        "delayMs": {
          "type": "number"
        },
        "retryAfterSeconds": {
          "type": "number"
        },
        "policies": {
          "$ref": "#/definitions/Partial_Record_ActionKind_ActionPolicy__"
        }
      }
    },
    "ActionKind": {
      "enum": [
        "delete",
        "publish",
        "schedule",
        "update"
      ],
      "type": "string"
    },
    "Partial_Record_ActionKind_ActionPolicy__": {
      "type": "object",
      "properties": {
        "schedule": {
          "anyOf": [
            {
              "type": "object",
              "properties": {
                "afterPolls": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterPolls"
              ]
            },
            {
              "type": "object",
              "properties": {
                "afterMs": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterMs"
              ]
            },
            {
              "type": "object",
              "properties": {
                "hold": {
                  "type": "boolean",
                  "const": true
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "hold"
              ]
            },
            {
              "type": "object",
              "properties": {
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "fail"
              ]
            },
            {
              "const": "immediate",
              "type": "string"
            }
          ]
        },
        "publish": {
          "anyOf": [
            {
              "type": "object",
              "properties": {
                "afterPolls": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterPolls"
              ]
            },
            {
              "type": "object",
              "properties": {
                "afterMs": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterMs"
              ]
            },
            {
              "type": "object",
              "properties": {
                "hold": {
                  "type": "boolean",
                  "const": true
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "hold"
              ]
            },
            {
              "type": "object",
              "properties": {
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "fail"
              ]
            },
            {
              "const": "immediate",
              "type": "string"
            }
          ]
        },
        "update": {
          "anyOf": [
            {
              "type": "object",
              "properties": {
                "afterPolls": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterPolls"
              ]
            },
            {
              "type": "object",
              "properties": {
                "afterMs": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterMs"
              ]
            },
            {
              "type": "object",
              "properties": {
                "hold": {
                  "type": "boolean",
                  "const": true
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "hold"
              ]
            },
            {
              "type": "object",
              "properties": {
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "fail"
              ]
            },
            {
              "const": "immediate",
              "type": "string"
            }
          ]
        },
        "delete": {
          "anyOf": [
            {
              "type": "object",
              "properties": {
                "afterPolls": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterPolls"
              ]
            },
            {
              "type": "object",
              "properties": {
                "afterMs": {
                  "type": "number"
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "afterMs"
              ]
            },
            {
              "type": "object",
              "properties": {
                "hold": {
                  "type": "boolean",
                  "const": true
                },
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "hold"
              ]
            },
            {
              "type": "object",
              "properties": {
                "fail": {
                  "type": "string"
                }
              },
              "required": [
                "fail"
              ]
            },
            {
              "const": "immediate",
              "type": "string"
            }
          ]
        }
      }
    },
    "PendingWorkJson": {
      "anyOf": [
        {
          "type": "object",
          "properties": {
            "uuid": {
              "type": "string"
            },
            "kind": {
              "type": "string",
              "const": "schedule"
            },
            "params": {
              "$ref": "#/definitions/ScheduleWorkParams"
            }
          },
          "required": [
            "kind",
            "params",
            "uuid"
          ]
        },
        {
          "type": "object",
          "properties": {
            "uuid": {
              "type": "string"
            },
            "kind": {
              "type": "string",
              "const": "publish"
            },
            "params": {
              "$ref": "#/definitions/PublishWorkParams"
            }
          },
          "required": [
            "kind",
            "params",
            "uuid"
          ]
        },
        {
          "type": "object",
          "properties": {
            "uuid": {
              "type": "string"
            },
            "kind": {
              "type": "string",
              "const": "update"
            },
            "params": {
              "$ref": "#/definitions/UpdateWorkParams"
            }
          },
          "required": [
            "kind",
            "params",
            "uuid"
          ]
        },
        {
          "type": "object",
          "properties": {
            "uuid": {
              "type": "string"
            },
            "kind": {
              "type": "string",
              "const": "delete"
            },
            "params": {
              "$ref": "#/definitions/DeleteWorkParams"
            }
          },
          "required": [
            "kind",
            "params",
            "uuid"
          ]
        }
      ]
    },
    "ScheduleWorkParams": {
      "type": "object",
      "properties": {
        "workspace": {
          "$ref": "#/definitions/Workspace"
        },
        "request": {
          "$ref": "#/definitions/ScheduleRequest"
        }
      },
      "required": [
        "request",
        "workspace"
      ]
    },
    "Workspace": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "workspaceId": {
          "type": "number"
        },
        "organizationId": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "timezone": {
          "type": "string"
        },
        "serviceArea": {
          "$ref": "#/definitions/ServiceArea"
        },
        "createdAt": {
          "type": "number"
        }
      },
      "required": [
        "createdAt",
        "name",
        "organizationId",
        "serviceArea",
        "timezone",
        "uuid",
        "workspaceId"
      ]
    },
    "ServiceArea": {
      "type": "object",
      "properties": {
        "latitude": {
          "type": "number"
        },
        "longitude": {
          "type": "number"
        },
        "radiusKm": {
          "type": "number"
        }
      },
      "required": [
        "latitude",
        "longitude",
        "radiusKm"
      ]
    },
    "ScheduleRequest": {
      "anyOf": [
        {
          "type": "object",
          "properties": {
            "mode": {
              "type": "string",
              "const": "all"
            },
            "workspaceUuid": {
              "type": "string"
            },
            "date": {
              "type": "string"
            },
            "options": {
              "$ref": "#/definitions/ScheduleOptions"
            }
          },
          "required": [
            "date",
            "mode",
            "workspaceUuid"
          ]
        },
        {
          "type": "object",
          "properties": {
            "mode": {
              "type": "string",
              "const": "specific"
            },
            "workspaceUuid": {
              "type": "string"
            },
            "date": {
              "type": "string"
            },
            "orders": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "routes": {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            "options": {
              "$ref": "#/definitions/ScheduleOptions"
            }
          },
          "required": [
            "date",
            "mode",
            "orders",
            "routes",
            "workspaceUuid"
          ]
        },
        {
          "type": "object",
          "properties": {
            "mode": {
              "type": "string",
              "const": "what_if"
            },
            "workspaceUuid": {
              "type": "string"
            },
            "date": {
              "type": "string"
            },
            "whatIf": {
              "type": "object",
              "properties": {
                "orders": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/WhatIfOrderInput"
                  }
                },
                "routes": {
                  "type": "array",
                  "items": {
                    "$ref": "#/definitions/WhatIfRouteInput"
                  }
                }
              },
              "required": [
                "orders",
                "routes"
              ]
            },
            "options": {
              "$ref": "#/definitions/ScheduleOptions"
            }
          },
          "required": [
            "date",
            "mode",
            "whatIf",
            "workspaceUuid"
          ]
        }
      ]
    },
    "ScheduleOptions": {
      "type": "object",
      "properties": {
        "minimizeRoutes": {
          "type": "boolean"
        },
        "balance": {
          "type": "boolean"
        },
        "routeCost": {
          "type": "number"
        },
        "travelMode": {
          "enum": [
            "bicycle",
            "car"
          ],
          "type": "string"
        }
      }
    },
    "WhatIfOrderInput": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "deliveryDate": {
          "type": "string"
        },
        "name": {
          "type": [
            "null",
            "string"
          ]
        },
        "email": {
          "type": [
            "null",
            "string"
          ]
        },
        "duration": {
          "type": [
            "null",
            "number"
          ]
        },
        "customerOrderNumber": {
          "type": [
            "null",
            "string"
          ]
        },
        "locations": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/LocationInput"
          }
        },
        "timeWindows": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "$ref": "#/definitions/TimeWindowRecord"
              }
            },
            {
              "type": "null"
            }
          ]
        },
        "load": {
          "type": [
            "null",
            "number"
          ]
        },
        "tags": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            {
              "type": "null"
            }
          ]
        },
        "priority": {
          "anyOf": [
            {
              "enum": [
                "high",
                "low",
                "normal"
              ],
              "type": "string"
            },
            {
              "type": "null"
            }
          ]
        },
        "phone": {
          "type": [
            "null",
            "string"
          ]
        },
        "instructions": {
          "type": [
            "null",
            "string"
          ]
        },
        "customFields": {
          "anyOf": [
            {
              "$ref": "#/definitions/Record_string_CustomFieldValue_"
            },
            {
              "type": "null"
            }
          ]
        },
        "packages": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "barcode": {
                    "type": [
                      "null",
                      "string"
                    ]
                  },
                  "description": {
                    "type": [
                      "null",
                      "string"
                    ]
                  },
                  "quantity": {
                    "type": "number"
                  }
                },
                "required": [
                  "quantity"
                ]
              }
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "locations"
      ]
    },
    "LocationInput": {
      "type": "object",
      "properties": {
        "address": {
          "type": "string"
        },
        "latitude": {
          "type": "number"
        },
        "longitude": {
          "type": "number"
        }
      },
      "required": [
        "address"
      ]
    },
    "TimeWindowRecord": {
      "type": "object",
      "properties": {
        "startTime": {
          "type": "string"
        },
        "endTime": {
          "type": "string"
        }
      },
      "required": [
        "endTime",
        "startTime"
      ]
    },
    "Record_string_CustomFieldValue_": {
      "type": "object"
    },
    "WhatIfRouteInput": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "date": {
          "type": "string"
        },
        "startTime": {
          "type": "string"
        },
        "endTime": {
          "type": "string"
        },
        "startLocation": {
          "$ref": "#/definitions/LocationInput"
        },
        "endLocation": {
          "anyOf": [
            {
              "$ref": "#/definitions/LocationInput"
            },
            {
              "type": "null"
            }
          ]
        },
        "capacity": {
          "type": [
            "null",
            "number"
          ]
        },
        "tags": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            {
              "type": "null"
            }
          ]
        },
        "driver": {
          "anyOf": [
            {
              "type": "object",
              "properties": {
                "name": {
                  "type": "string"
                },
                "email": {
                  "type": [
                    "null",
                    "string"
                  ]
                },
                "phone": {
                  "type": [
                    "null",
                    "string"
                  ]
                }
              },
              "required": [
                "name"
              ]
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "date",
        "endTime",
        "name",
        "startLocation",
        "startTime"
      ]
    },
    "PublishWorkParams": {
      "type": "object",
      "properties": {
        "principal": {
          "$ref": "#/definitions/Principal"
        },
        "workspaceUuid": {
          "type": "string"
        },
        "date": {
          "type": "string"
        },
        "routeUuids": {
          "anyOf": [
            {
              "type": "array",
              "items": {
                "type": "string"
              }
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "date",
        "principal",
        "routeUuids",
        "workspaceUuid"
      ]
    },
    "Principal": {
      "type": "object",
      "properties": {
        "organizationId": {
          "type": "string"
        },
        "token": {
          "type": "string"
        }
      },
      "required": [
        "organizationId",
        "token"
      ]
    },
    "UpdateWorkParams": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "next": {
          "$ref": "#/definitions/OrderFields"
        }
      },
      "required": [
        "next",
        "uuid"
      ]
    },
    "OrderFields": {
      "type": "object",
      "properties": {
        "name": {
          "type": [
            "null",
            "string"
          ]
        },
        "customerOrderNumber": {
          "type": [
            "null",
            "string"
          ]
        },
        "deliveryDate": {
          "type": "string"
        },
        "location": {
          "$ref": "#/definitions/Location"
        },
        "timeWindows": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/TimeWindowRecord"
          }
        },
        "duration": {
          "type": "number"
        },
        "load": {
          "type": "number"
        },
        "tags": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "priority": {
          "$ref": "#/definitions/OrderPriority"
        },
        "phone": {
          "type": [
            "null",
            "string"
          ]
        },
        "email": {
          "type": [
            "null",
            "string"
          ]
        },
        "instructions": {
          "type": [
            "null",
            "string"
          ]
        },
        "customFields": {
          "$ref": "#/definitions/Record_string_CustomFieldValue_"
        },
        "packages": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/PackageRecord"
          }
        }
      },
      "required": [
        "customFields",
        "customerOrderNumber",
        "deliveryDate",
        "duration",
        "email",
        "instructions",
        "load",
        "location",
        "name",
        "packages",
        "phone",
        "priority",
        "tags",
        "timeWindows"
      ]
    },
    "Location": {
      "type": "object",
      "properties": {
        "address": {
          "type": "string"
        },
        "latitude": {
          "type": "number"
        },
        "longitude": {
          "type": "number"
        }
      },
      "required": [
        "address",
        "latitude",
        "longitude"
      ]
    },
    "OrderPriority": {
      "enum": [
        "high",
        "low",
        "normal"
      ],
      "type": "string"
    },
    "PackageRecord": {
      "type": "object",
      "properties": {
        "barcode": {
          "type": [
            "null",
            "string"
          ]
        },
        "description": {
          "type": [
            "null",
            "string"
          ]
        },
        "quantity": {
          "type": "number"
        }
      },
      "required": [
        "barcode",
        "description",
        "quantity"
      ]
    },
    "DeleteWorkParams": {
      "type": "object",
      "properties": {
        "principal": {
          "$ref": "#/definitions/Principal"
        },
        "uuids": {
          "type": "array",
          "items": {
            "type": "string"
          }
        }
      },
      "required": [
        "principal",
        "uuids"
      ]
    },
    "StateJson": {
      "type": "object",
      "properties": {
        "organizations": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/Organization"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "tokens": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/TokenRecord"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "workspaces": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/Workspace"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "nextWorkspaceId": {
          "type": "number"
        },
        "orders": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/OrderRecord"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "orderNumbers": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "type": "number"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "routes": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/RouteRecord"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "actions": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/ActionRecord"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "events": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/EventRecord"
          }
        },
        "notifications": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/NotificationRecord"
          }
        },
        "scheduleRuns": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/ScheduleRunRecord"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "webhooks": {
          "type": "object",
          "properties": {
            "subscriptions": {
              "type": "array",
              "items": {
                "type": "array",
                "items": [
                  {
                    "type": "string"
                  },
                  {
                    "$ref": "#/definitions/WebhookSubscriptionRecord"
                  }
                ],
                "minItems": 2,
                "maxItems": 2
              }
            },
            "deliveries": {
              "type": "array",
              "items": {
                "type": "array",
                "items": [
                  {
                    "type": "string"
                  },
                  {
                    "$ref": "#/definitions/WebhookDeliveryRecord"
                  }
                ],
                "minItems": 2,
                "maxItems": 2
              }
            },
            "fannedOut": {
              "type": "number"
            },
            "lastDelivery": {
              "type": "number"
            }
          },
          "required": [
            "deliveries",
            "fannedOut",
            "lastDelivery",
            "subscriptions"
          ],
          "additionalProperties": false
        },
        "idempotencyKeys": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "$ref": "#/definitions/IdempotencyRecord"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        }
      },
      "required": [
        "actions",
        "events",
        "idempotencyKeys",
        "nextWorkspaceId",
        "notifications",
        "orderNumbers",
        "orders",
        "organizations",
        "routes",
        "scheduleRuns",
        "tokens",
        "webhooks",
        "workspaces"
      ],
      "additionalProperties": false
    },
    "Organization": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "name": {
          "type": "string"
        }
      },
      "required": [
        "id",
        "name"
      ]
    },
    "TokenRecord": {
      "type": "object",
      "properties": {
        "token": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "createdAt": {
          "type": "number"
        },
        "expiresAt": {
          "type": [
            "null",
            "number"
          ]
        }
      },
      "required": [
        "createdAt",
        "expiresAt",
        "organizationId",
        "token"
      ]
    },
    "OrderRecord": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "workspaceUuid": {
          "type": "string"
        },
        "orderNumber": {
          "type": "string"
        },
        "status": {
          "$ref": "#/definitions/OrderStatus"
        },
        "routeUuid": {
          "type": [
            "null",
            "string"
          ]
        },
        "signatureUrl": {
          "type": [
            "null",
            "string"
          ]
        },
        "deliveryTime": {
          "type": [
            "null",
            "number"
          ]
        },
        "deliveryMissedReason": {
          "type": [
            "null",
            "string"
          ]
        },
        "deliveryNotes": {
          "type": [
            "null",
            "string"
          ]
        },
        "createdAt": {
          "type": "number"
        },
        "updatedAt": {
          "type": "number"
        },
        "name": {
          "type": [
            "null",
            "string"
          ]
        },
        "customerOrderNumber": {
          "type": [
            "null",
            "string"
          ]
        },
        "deliveryDate": {
          "type": "string"
        },
        "location": {
          "$ref": "#/definitions/Location"
        },
        "timeWindows": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/TimeWindowRecord"
          }
        },
        "duration": {
          "type": "number"
        },
        "load": {
          "type": "number"
        },
        "tags": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "priority": {
          "$ref": "#/definitions/OrderPriority"
        },
        "phone": {
          "type": [
            "null",
            "string"
          ]
        },
        "email": {
          "type": [
            "null",
            "string"
          ]
        },
        "instructions": {
          "type": [
            "null",
            "string"
          ]
        },
        "customFields": {
          "$ref": "#/definitions/Record_string_CustomFieldValue_"
        },
        "packages": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/PackageRecord"
          }
        }
      },
      "required": [
        "createdAt",
        "customFields",
        "customerOrderNumber",
        "deliveryDate",
        "deliveryMissedReason",
        "deliveryNotes",
        "deliveryTime",
        "duration",
        "email",
        "instructions",
        "load",
        "location",
        "name",
        "orderNumber",
        "organizationId",
        "packages",
        "phone",
        "priority",
        "routeUuid",
        "signatureUrl",
        "status",
        "tags",
        "timeWindows",
        "updatedAt",
        "uuid",
        "workspaceUuid"
      ]
    },
    "OrderStatus": {
      "enum": [
        "delivered",
        "missed",
        "not_scheduled",
        "scheduled"
      ],
      "type": "string"
    },
    "RouteRecord": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "workspaceUuid": {
          "type": "string"
        },
        "name": {
          "type": "string"
        },
        "date": {
          "type": "string"
        },
        "startTime": {
          "type": "string"
        },
        "endTime": {
          "type": "string"
        },
        "startLocation": {
          "$ref": "#/definitions/Location"
        },
        "endLocation": {
          "anyOf": [
            {
              "$ref": "#/definitions/Location"
            },
            {
              "type": "null"
            }
          ]
        },
        "capacity": {
          "type": [
            "null",
            "number"
          ]
        },
        "tags": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "driver": {
          "anyOf": [
            {
              "$ref": "#/definitions/Driver"
            },
            {
              "type": "null"
            }
          ]
        },
        "locked": {
          "type": "boolean"
        },
        "status": {
          "enum": [
            "planned",
            "published"
          ],
          "type": "string"
        },
        "publishedAt": {
          "type": [
            "null",
            "number"
          ]
        },
        "travelMode": {
          "$ref": "#/definitions/TravelMode"
        },
        "orderUuids": {
          "type": "array",
          "items": {
            "type": "string"
          }
        },
        "timeline": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/TimelineEntry"
          }
        },
        "distanceInKilometers": {
          "type": "number"
        },
        "workingTimeInSeconds": {
          "type": "number"
        },
        "createdAt": {
          "type": "number"
        },
        "updatedAt": {
          "type": "number"
        }
      },
      "required": [
        "capacity",
        "createdAt",
        "date",
        "distanceInKilometers",
        "driver",
        "endLocation",
        "endTime",
        "locked",
        "name",
        "orderUuids",
        "organizationId",
        "publishedAt",
        "startLocation",
        "startTime",
        "status",
        "tags",
        "timeline",
        "travelMode",
        "updatedAt",
        "uuid",
        "workingTimeInSeconds",
        "workspaceUuid"
      ]
    },
    "Driver": {
      "type": "object",
      "properties": {
        "name": {
          "type": "string"
        },
        "email": {
          "type": [
            "null",
            "string"
          ]
        },
        "phone": {
          "type": [
            "null",
            "string"
          ]
        }
      },
      "required": [
        "email",
        "name",
        "phone"
      ]
    },
    "TravelMode": {
      "enum": [
        "bicycle",
        "car"
      ],
      "type": "string"
    },
    "TimelineEntry": {
      "type": "object",
      "properties": {
        "type": {
          "enum": [
            "delivering_stop",
            "end_location",
            "start_location"
          ],
          "type": "string"
        },
        "orderUuid": {
          "type": [
            "null",
            "string"
          ]
        },
        "distanceFromPreviousKm": {
          "type": "number"
        },
        "plannedArrival": {
          "type": [
            "null",
            "number"
          ]
        },
        "plannedDeparture": {
          "type": [
            "null",
            "number"
          ]
        },
        "estimatedArrival": {
          "type": [
            "null",
            "number"
          ]
        },
        "estimatedDeparture": {
          "type": [
            "null",
            "number"
          ]
        },
        "actualArrival": {
          "type": [
            "null",
            "number"
          ]
        },
        "actualDeparture": {
          "type": [
            "null",
            "number"
          ]
        }
      },
      "required": [
        "actualArrival",
        "actualDeparture",
        "distanceFromPreviousKm",
        "estimatedArrival",
        "estimatedDeparture",
        "orderUuid",
        "plannedArrival",
        "plannedDeparture",
        "type"
      ]
    },
    "ActionRecord": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "workspaceUuid": {
          "type": [
            "null",
            "string"
          ]
        },
        "kind": {
          "$ref": "#/definitions/ActionKind"
        },
        "status": {
          "$ref": "#/definitions/ActionStatus"
        },
        "createdAt": {
          "type": "number"
        },
        "finishedAt": {
          "type": [
            "null",
            "number"
          ]
        },
        "summary": {
          "anyOf": [
            {
              "$ref": "#/definitions/ScheduleActionSummary"
            },
            {
              "$ref": "#/definitions/PublishActionSummary"
            },
            {
              "$ref": "#/definitions/UpdateActionSummary"
            },
            {
              "$ref": "#/definitions/DeleteActionSummary"
            },
            {
              "type": "null"
            }
          ]
        },
        "reason": {
          "type": [
            "null",
            "string"
          ]
        },
        "dueAt": {
          "type": [
            "null",
            "number"
          ]
        },
        "held": {
          "type": "boolean"
        },
        "afterPolls": {
          "type": [
            "null",
            "number"
          ]
        },
        "polls": {
          "type": "number"
        },
        "failWith": {
          "type": [
            "null",
            "string"
          ]
        }
      },
      "required": [
        "afterPolls",
        "createdAt",
        "dueAt",
        "failWith",
        "finishedAt",
        "held",
        "kind",
        "organizationId",
        "polls",
        "reason",
        "status",
        "summary",
        "uuid",
        "workspaceUuid"
      ]
    },
    "ActionStatus": {
      "enum": [
        "failed",
        "finished",
        "pending"
      ],
      "type": "string"
    },
    "ScheduleActionSummary": {
      "type": "object",
      "properties": {
        "routesUsed": {
          "type": "number"
        },
        "ordersScheduled": {
          "type": "number"
        },
        "ordersUnscheduled": {
          "type": "number"
        },
        "committed": {
          "type": "boolean"
        }
      },
      "required": [
        "committed",
        "ordersScheduled",
        "ordersUnscheduled",
        "routesUsed"
      ]
    },
    "PublishActionSummary": {
      "type": "object",
      "properties": {
        "routes": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "uuid": {
                "type": "string"
              },
              "status": {
                "enum": [
                  "failed",
                  "finished",
                  "skipped"
                ],
                "type": "string"
              },
              "error": {
                "type": "string"
              }
            },
            "required": [
              "status",
              "uuid"
            ]
          }
        }
      },
      "required": [
        "routes"
      ]
    },
    "UpdateActionSummary": {
      "type": "object",
      "properties": {
        "orders": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "uuid": {
                "type": "string"
              },
              "status": {
                "enum": [
                  "delivered",
                  "missed",
                  "not_scheduled",
                  "scheduled"
                ],
                "type": "string"
              },
              "routeUuid": {
                "type": [
                  "null",
                  "string"
                ]
              },
              "violations": {
                "type": "array",
                "items": {
                  "type": "string"
                }
              }
            },
            "required": [
              "routeUuid",
              "status",
              "uuid",
              "violations"
            ]
          }
        }
      },
      "required": [
        "orders"
      ]
    },
    "DeleteActionSummary": {
      "type": "object",
      "properties": {
        "deleted": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "uuid": {
                "type": "string"
              }
            },
            "required": [
              "uuid"
            ]
          }
        },
        "failed": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "uuid": {
                "type": "string"
              },
              "reason": {
                "enum": [
                  "not_found",
                  "order_completed",
                  "order_locked"
                ],
                "type": "string"
              }
            },
            "required": [
              "reason",
              "uuid"
            ]
          }
        }
      },
      "required": [
        "deleted",
        "failed"
      ]
    },
    "EventRecord": {
      "anyOf": [
        {
          "allOf": [
            {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string"
                },
                "organizationId": {
                  "type": "string"
                },
                "workspaceUuid": {
                  "type": "string"
                },
                "createdAt": {
                  "type": "number"
                }
              },
              "required": [
                "createdAt",
                "id",
                "organizationId",
                "workspaceUuid"
              ]
            },
            {
              "type": "object",
              "properties": {
                "type": {
                  "type": "string",
                  "const": "route.published"
                },
                "data": {
                  "type": "object",
                  "properties": {
                    "route": {
                      "type": "object",
                      "properties": {
                        "uuid": {
                          "type": "string"
                        },
                        "workspaceUuid": {
                          "type": "string"
                        },
                        "name": {
                          "type": "string"
                        },
                        "date": {
                          "type": "string"
                        },
                        "startTime": {
                          "type": "string"
                        },
                        "endTime": {
                          "type": "string"
                        },
                        "startLocation": {
                          "type": "object",
                          "properties": {
                            "address": {
                              "type": "string"
                            },
                            "latitude": {
                              "type": "number"
                            },
                            "longitude": {
                              "type": "number"
                            }
                          },
                          "required": [
                            "address",
                            "latitude",
                            "longitude"
                          ]
                        },
                        "endLocation": {
                          "anyOf": [
                            {
                              "type": "object",
                              "properties": {
                                "address": {
                                  "type": "string"
                                },
                                "latitude": {
                                  "type": "number"
                                },
                                "longitude": {
                                  "type": "number"
                                }
                              },
                              "required": [
                                "address",
                                "latitude",
                                "longitude"
                              ]
                            },
                            {
                              "type": "null"
                            }
                          ]
                        },
                        "capacity": {
                          "type": [
                            "null",
                            "number"
                          ]
                        },
                        "tags": {
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        },
                        "driver": {
                          "anyOf": [
                            {
                              "type": "object",
                              "properties": {
                                "name": {
                                  "type": "string"
                                },
                                "email": {
                                  "type": [
                                    "null",
                                    "string"
                                  ]
                                },
                                "phone": {
                                  "type": [
                                    "null",
                                    "string"
                                  ]
                                }
                              },
                              "required": [
                                "email",
                                "name",
                                "phone"
                              ]
                            },
                            {
                              "type": "null"
                            }
                          ]
                        },
                        "locked": {
                          "type": "boolean"
                        },
                        "status": {
                          "enum": [
                            "planned",
                            "published"
                          ],
                          "type": "string"
                        },
                        "publishedAt": {
                          "type": [
                            "null",
                            "string"
                          ]
                        },
                        "ordersCount": {
                          "type": "number"
                        },
                        "distanceInKilometers": {
                          "type": "number"
                        },
                        "workingTimeInSeconds": {
                          "type": "number"
                        },
                        "timeline": {
                          "type": "object",
                          "properties": {
                            "uri": {
                              "type": "string"
                            }
                          },
                          "required": [
                            "uri"
                          ]
                        }
                      },
                      "required": [
                        "capacity",
                        "date",
                        "distanceInKilometers",
                        "driver",
                        "endLocation",
                        "endTime",
                        "locked",
                        "name",
                        "ordersCount",
                        "publishedAt",
                        "startLocation",
                        "startTime",
                        "status",
                        "tags",
                        "timeline",
                        "uuid",
                        "workingTimeInSeconds",
                        "workspaceUuid"
                      ]
                    },
                    "timeline": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "sequence": {
                            "type": "number"
                          },
                          "type": {
                            "enum": [
                              "delivering_stop",
                              "end_location",
                              "idling",
                              "start_location"
                            ],
                            "type": "string"
                          },
                          "orders": {
                            "type": "array",
                            "items": {
                              "type": "object",
                              "properties": {
                                "uuid": {
                                  "type": "string"
                                },
                                "status": {
                                  "enum": [
                                    "delivered",
                                    "missed",
                                    "not_scheduled",
                                    "scheduled"
                                  ],
                                  "type": "string"
                                },
                                "trackingLink": {
                                  "type": "string"
                                }
                              },
                              "required": [
                                "status",
                                "trackingLink",
                                "uuid"
                              ]
                            }
                          },
                          "distanceFromPreviousStopInKilometers": {
                            "type": "number"
                          },
                          "plannedArrivalTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "plannedDepartureTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "estimatedArrivalTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "actualArrivalTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "actualDepartureTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          }
                        },
                        "required": [
                          "actualArrivalTime",
                          "actualDepartureTime",
                          "distanceFromPreviousStopInKilometers",
                          "estimatedArrivalTime",
                          "orders",
                          "plannedArrivalTime",
                          "plannedDepartureTime",
                          "sequence",
                          "type"
                        ]
                      }
                    }
                  },
                  "required": [
                    "route",
                    "timeline"
                  ]
                }
              },
              "required": [
                "data",
                "type"
              ]
            }
          ]
        },
        {
          "allOf": [
            {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string"
                },
                "organizationId": {
                  "type": "string"
                },
                "workspaceUuid": {
                  "type": "string"
                },
                "createdAt": {
                  "type": "number"
                }
              },
              "required": [
                "createdAt",
                "id",
                "organizationId",
                "workspaceUuid"
              ]
            },
            {
              "type": "object",
              "properties": {
                "type": {
                  "type": "string",
                  "const": "route.eta_updated"
                },
                "data": {
                  "type": "object",
                  "properties": {
                    "route": {
                      "type": "object",
                      "properties": {
                        "uuid": {
                          "type": "string"
                        },
                        "workspaceUuid": {
                          "type": "string"
                        },
                        "name": {
                          "type": "string"
                        },
                        "date": {
                          "type": "string"
                        },
                        "startTime": {
                          "type": "string"
                        },
                        "endTime": {
                          "type": "string"
                        },
                        "startLocation": {
                          "type": "object",
                          "properties": {
                            "address": {
                              "type": "string"
                            },
                            "latitude": {
                              "type": "number"
                            },
                            "longitude": {
                              "type": "number"
                            }
                          },
                          "required": [
                            "address",
                            "latitude",
                            "longitude"
                          ]
                        },
                        "endLocation": {
                          "anyOf": [
                            {
                              "type": "object",
                              "properties": {
                                "address": {
                                  "type": "string"
                                },
                                "latitude": {
                                  "type": "number"
                                },
                                "longitude": {
                                  "type": "number"
                                }
                              },
                              "required": [
                                "address",
                                "latitude",
                                "longitude"
                              ]
                            },
                            {
                              "type": "null"
                            }
                          ]
                        },
                        "capacity": {
                          "type": [
                            "null",
                            "number"
                          ]
                        },
                        "tags": {
                          "type": "array",
                          "items": {
                            "type": "string"
                          }
                        },
                        "driver": {
                          "anyOf": [
                            {
                              "type": "object",
                              "properties": {
                                "name": {
                                  "type": "string"
                                },
                                "email": {
                                  "type": [
                                    "null",
                                    "string"
                                  ]
                                },
                                "phone": {
                                  "type": [
                                    "null",
                                    "string"
                                  ]
                                }
                              },
                              "required": [
                                "email",
                                "name",
                                "phone"
                              ]
                            },
                            {
                              "type": "null"
                            }
                          ]
                        },
                        "locked": {
                          "type": "boolean"
                        },
                        "status": {
                          "enum": [
                            "planned",
                            "published"
                          ],
                          "type": "string"
                        },
                        "publishedAt": {
                          "type": [
                            "null",
                            "string"
                          ]
                        },
                        "ordersCount": {
                          "type": "number"
                        },
                        "distanceInKilometers": {
                          "type": "number"
                        },
                        "workingTimeInSeconds": {
                          "type": "number"
                        },
                        "timeline": {
                          "type": "object",
                          "properties": {
                            "uri": {
                              "type": "string"
                            }
                          },
                          "required": [
                            "uri"
                          ]
                        }
                      },
                      "required": [
                        "capacity",
                        "date",
                        "distanceInKilometers",
                        "driver",
                        "endLocation",
                        "endTime",
                        "locked",
                        "name",
                        "ordersCount",
                        "publishedAt",
                        "startLocation",
                        "startTime",
                        "status",
                        "tags",
                        "timeline",
                        "uuid",
                        "workingTimeInSeconds",
                        "workspaceUuid"
                      ]
                    },
                    "timeline": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "properties": {
                          "sequence": {
                            "type": "number"
                          },
                          "type": {
                            "enum": [
                              "delivering_stop",
                              "end_location",
                              "idling",
                              "start_location"
                            ],
                            "type": "string"
                          },
                          "orders": {
                            "type": "array",
                            "items": {
                              "type": "object",
                              "properties": {
                                "uuid": {
                                  "type": "string"
                                },
                                "status": {
                                  "enum": [
                                    "delivered",
                                    "missed",
                                    "not_scheduled",
                                    "scheduled"
                                  ],
                                  "type": "string"
                                },
                                "trackingLink": {
                                  "type": "string"
                                }
                              },
                              "required": [
                                "status",
                                "trackingLink",
                                "uuid"
                              ]
                            }
                          },
                          "distanceFromPreviousStopInKilometers": {
                            "type": "number"
                          },
                          "plannedArrivalTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "plannedDepartureTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "estimatedArrivalTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "actualArrivalTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          },
                          "actualDepartureTime": {
                            "type": [
                              "null",
                              "string"
                            ]
                          }
                        },
                        "required": [
                          "actualArrivalTime",
                          "actualDepartureTime",
                          "distanceFromPreviousStopInKilometers",
                          "estimatedArrivalTime",
                          "orders",
                          "plannedArrivalTime",
                          "plannedDepartureTime",
                          "sequence",
                          "type"
                        ]
                      }
                    }
                  },
                  "required": [
                    "route",
                    "timeline"
                  ]
                }
              },
              "required": [
                "data",
                "type"
              ]
            }
          ]
        },
        {
          "allOf": [
            {
              "type": "object",
              "properties": {
                "id": {
                  "type": "string"
                },
                "organizationId": {
                  "type": "string"
                },
                "workspaceUuid": {
                  "type": "string"
                },
                "createdAt": {
                  "type": "number"
                }
              },
              "required": [
                "createdAt",
                "id",
                "organizationId",
                "workspaceUuid"
              ]
            },
            {
              "type": "object",
              "properties": {
                "type": {
                  "type": "string",
                  "const": "order.status_updated"
                },
                "data": {
                  "type": "object",
                  "properties": {
                    "order": {
                      "type": "object",
                      "properties": {
                        "uuid": {
                          "type": "string"
                        },
                        "status": {
                          "enum": [
                            "delivered",
                            "missed"
                          ],
                          "type": "string"
                        },
                        "deliveryTime": {
                          "type": "string"
                        },
                        "deliveryMissedReason": {
                          "type": [
                            "null",
                            "string"
                          ]
                        },
                        "deliveryNotes": {
                          "type": [
                            "null",
                            "string"
                          ]
                        },
                        "location": {
                          "type": "object",
                          "properties": {
                            "address": {
                              "type": "string"
                            },
                            "latitude": {
                              "type": "number"
                            },
                            "longitude": {
                              "type": "number"
                            }
                          },
                          "required": [
                            "address",
                            "latitude",
                            "longitude"
                          ]
                        }
                      },
                      "required": [
                        "deliveryMissedReason",
                        "deliveryNotes",
                        "deliveryTime",
                        "location",
                        "status",
                        "uuid"
                      ]
                    },
                    "route": {
                      "type": "object",
                      "properties": {
                        "uuid": {
                          "type": "string"
                        }
                      },
                      "required": [
                        "uuid"
                      ]
                    }
                  },
                  "required": [
                    "order",
                    "route"
                  ]
                }
              },
              "required": [
                "data",
                "type"
              ]
            }
          ]
        }
      ]
    },
    "NotificationRecord": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "workspaceUuid": {
          "type": "string"
        },
        "orderUuid": {
          "type": "string"
        },
        "routeUuid": {
          "type": "string"
        },
        "kind": {
          "enum": [
            "order_delivered",
            "order_missed"
          ],
          "type": "string"
        },
        "email": {
          "type": [
            "null",
            "string"
          ]
        },
        "phone": {
          "type": [
            "null",
            "string"
          ]
        },
        "message": {
          "type": "string"
        },
        "trackingLink": {
          "type": "string"
        },
        "createdAt": {
          "type": "number"
        }
      },
      "required": [
        "createdAt",
        "email",
        "id",
        "kind",
        "message",
        "orderUuid",
        "organizationId",
        "phone",
        "routeUuid",
        "trackingLink",
        "workspaceUuid"
      ]
    },
    "ScheduleRunRecord": {
      "type": "object",
      "properties": {
        "actionUuid": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "workspaceUuid": {
          "type": "string"
        },
        "timezone": {
          "type": "string"
        },
        "date": {
          "type": "string"
        },
        "mode": {
          "$ref": "#/definitions/ScheduleMode"
        },
        "committed": {
          "type": "boolean"
        },
        "summary": {
          "type": "object",
          "properties": {
            "routesUsed": {
              "type": "number"
            },
            "ordersScheduled": {
              "type": "number"
            },
            "ordersUnscheduled": {
              "type": "number"
            },
            "distanceInKilometers": {
              "type": "number"
            },
            "workingTimeInSeconds": {
              "type": "number"
            },
            "idleTimeInSeconds": {
              "type": "number"
            }
          },
          "required": [
            "distanceInKilometers",
            "idleTimeInSeconds",
            "ordersScheduled",
            "ordersUnscheduled",
            "routesUsed",
            "workingTimeInSeconds"
          ]
        },
        "routes": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/SolutionRouteRecord"
          }
        },
        "unscheduled": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "orderUuid": {
                "type": "string"
              },
              "reason": {
                "enum": [
                  "capacity",
                  "no_route",
                  "shift",
                  "tags",
                  "time_window"
                ],
                "type": "string"
              }
            },
            "required": [
              "orderUuid",
              "reason"
            ]
          }
        }
      },
      "required": [
        "actionUuid",
        "committed",
        "date",
        "mode",
        "organizationId",
        "routes",
        "summary",
        "timezone",
        "unscheduled",
        "workspaceUuid"
      ]
    },
    "ScheduleMode": {
      "enum": [
        "all",
        "specific",
        "what_if"
      ],
      "type": "string"
    },
    "SolutionRouteRecord": {
      "type": "object",
      "properties": {
        "routeUuid": {
          "type": "string"
        },
        "stops": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/SolutionStopRecord"
          }
        },
        "distanceInKilometers": {
          "type": "number"
        },
        "workingTimeInSeconds": {
          "type": "number"
        },
        "load": {
          "type": "number"
        }
      },
      "required": [
        "distanceInKilometers",
        "load",
        "routeUuid",
        "stops",
        "workingTimeInSeconds"
      ]
    },
    "SolutionStopRecord": {
      "type": "object",
      "properties": {
        "sequence": {
          "type": "number"
        },
        "orderUuid": {
          "type": "string"
        },
        "arrivalTime": {
          "type": "number"
        },
        "departureTime": {
          "type": "number"
        },
        "distanceFromPreviousStopInKilometers": {
          "type": "number"
        },
        "load": {
          "type": "number"
        }
      },
      "required": [
        "arrivalTime",
        "departureTime",
        "distanceFromPreviousStopInKilometers",
        "load",
        "orderUuid",
        "sequence"
      ]
    },
    "WebhookSubscriptionRecord": {
      "type": "object",
      "properties": {
        "uuid": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "url": {
          "type": "string"
        },
        "events": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/EventType"
          }
        },
        "workspaceUuid": {
          "type": [
            "null",
            "string"
          ]
        },
        "secret": {
          "type": "string"
        },
        "createdAt": {
          "type": "number"
        },
        "firstEvent": {
          "type": "number"
        }
      },
      "required": [
        "createdAt",
        "events",
        "firstEvent",
        "organizationId",
        "secret",
        "url",
        "uuid",
        "workspaceUuid"
      ]
    },
    "EventType": {
      "enum": [
        "order.status_updated",
        "route.eta_updated",
        "route.published"
      ],
      "type": "string"
    },
    "WebhookDeliveryRecord": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string"
        },
        "organizationId": {
          "type": "string"
        },
        "subscriptionUuid": {
          "type": "string"
        },
        "url": {
          "type": "string"
        },
        "eventId": {
          "type": "string"
        },
        "eventType": {
          "$ref": "#/definitions/EventType"
        },
        "status": {
          "$ref": "#/definitions/WebhookDeliveryStatus"
        },
        "createdAt": {
          "type": "number"
        },
        "nextAttemptAt": {
          "type": [
            "null",
            "number"
          ]
        },
        "attempts": {
          "type": "array",
          "items": {
            "$ref": "#/definitions/WebhookAttemptRecord"
          }
        },
        "redeliveryOf": {
          "type": [
            "null",
            "string"
          ]
        }
      },
      "required": [
        "attempts",
        "createdAt",
        "eventId",
        "eventType",
        "id",
        "nextAttemptAt",
        "organizationId",
        "redeliveryOf",
        "status",
        "subscriptionUuid",
        "url"
      ]
    },
    "WebhookDeliveryStatus": {
      "enum": [
        "cancelled",
        "failed",
        "pending",
        "succeeded"
      ],
      "type": "string"
    },
    "WebhookAttemptRecord": {
      "type": "object",
      "properties": {
        "attempt": {
          "type": "number"
        },
        "at": {
          "type": "number"
        },
        "result": {
          "$ref": "#/definitions/WebhookAttemptResult"
        },
        "status": {
          "type": [
            "null",
            "number"
          ]
        },
        "error": {
          "type": [
            "null",
            "string"
          ]
        },
        "durationMs": {
          "type": "number"
        },
        "nextAttemptAt": {
          "type": [
            "null",
            "number"
          ]
        }
      },
      "required": [
        "at",
        "attempt",
        "durationMs",
        "error",
        "nextAttemptAt",
        "result",
        "status"
      ]
    },
    "WebhookAttemptResult": {
      "enum": [
        "connection_error",
        "rejected",
        "succeeded",
        "timeout"
      ],
      "type": "string"
    },
    "IdempotencyRecord": {
      "type": "object",
      "properties": {
        "organizationId": {
          "type": "string"
        },
        "key": {
          "type": "string"
        },
        "request": {
          "$ref": "#/definitions/IdempotentRequest"
        },
        "answer": {
          "$ref": "#/definitions/StoredAnswer"
        },
        "storedAt": {
          "type": "number"
        }
      },
      "required": [
        "answer",
        "key",
        "organizationId",
        "request",
        "storedAt"
      ]
    },
    "IdempotentRequest": {
      "type": "object",
      "properties": {
        "method": {
          "type": "string"
        },
        "target": {
          "type": "string"
        },
        "bodySha256": {
          "type": "string"
        }
      },
      "required": [
        "bodySha256",
        "method",
        "target"
      ]
    },
    "StoredAnswer": {
      "type": "object",
      "properties": {
        "status": {
          "type": "number"
        },
        "headers": {
          "type": "array",
          "items": {
            "type": "array",
            "items": [
              {
                "type": "string"
              },
              {
                "type": "string"
              }
            ],
            "minItems": 2,
            "maxItems": 2
          }
        },
        "body": {
          "type": [
            "null",
            "string"
          ]
        }
      },
      "required": [
        "body",
        "headers",
        "status"
      ]
    }
  }
};
