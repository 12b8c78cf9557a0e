// exp5.mts
import { createChatParser } from "@autoparser/core";
import { readFileSync } from "node:fs";

// src/generation-tools.ts
var GENERATION_TOOLS = [
  {
    type: "function",
    function: {
      name: "set_alarm",
      description: "Sets an alarm.",
      parameters: {
        type: "object",
        properties: {
          hour: { type: "integer", minimum: 0, maximum: 23 },
          minute: { type: "integer", enum: [0, 15, 30, 45] },
          loud: { type: "boolean" }
        },
        required: ["hour", "minute", "loud"],
        additionalProperties: false
      }
    }
  },
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Looks up the weather.",
      parameters: {
        type: "object",
        properties: {
          days: { type: "integer", minimum: 1, maximum: 7 },
          metric: { type: "boolean" }
        },
        required: ["days", "metric"],
        additionalProperties: false
      }
    }
  }
];

// exp5.mts
var tpl = readFileSync("../../../shared/templates/" + process.argv[2], "utf8");
var p = createChatParser(tpl, { messages: [{ role: "user", content: "hi" }], tools: GENERATION_TOOLS, tool_choice: process.argv[3] ?? "required", parallel_tool_calls: false });
console.log(p.grammarLazy, JSON.stringify(p.grammarTriggers), JSON.stringify(p.generationPrompt), p.preservedTokens);
console.log(p.grammar);
