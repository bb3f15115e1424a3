"""A worked example: a scripted agent loop whose tools return huge outputs, kept out of context.

No network and no model: ``ScriptedModel`` plays the model's part. The loop

1. asks three tools for a large JSON (orders), a large build log and a large CSV (inventory);
2. externalizes the turn: the raw outputs go to the store, the context gets typed stubs;
3. lets the "model" read the stubs, take the refs, and call toolstub's read/search/query
   tools on them (the read-back is small, so it stays as returned);
4. hydrates the conversation to show that nothing was lost.

Run it with ``python examples/agent_loop/run.py`` (``--store URL`` to keep the results).
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile

import toolstub
from toolstub.externalize import externalize, hydrate

REF_LINE = re.compile(r"^ref: (\S+)$", re.MULTILINE)


# ---- the tools -----------------------------------------------------------------
def fetch_orders(customer: str) -> str:
    orders = [
        {"id": f"ord-{i:05d}", "customer": customer, "status": ("shipped", "pending", "refunded")[i % 3],
         "total_eur": round(19.9 + (i * 7.31) % 480, 2), "items": [{"sku": f"SKU-{(i * 13) % 997:04d}", "qty": 1 + i % 4}]}
        for i in range(1_500)
    ]
    return json.dumps({"customer": customer, "count": len(orders), "orders": orders}, indent=1)


def tail_build_log(job: str) -> str:
    lines = []
    for i in range(4_000):
        level = "ERROR" if i == 3_217 else ("WARN" if i % 97 == 0 else "INFO")
        message = "test_checkout_total failed: expected 104.50, got 104.49" if level == "ERROR" else f"step {i} ok ({job})"
        lines.append(f"2026-12-02T10:{i // 60 % 60:02d}:{i % 60:02d}Z {level} runner-2 {message}")
    return "\n".join(lines) + "\n"


def export_inventory(warehouse: str) -> str:
    rows = ["sku,name,warehouse,on_hand,reorder_at"]
    rows += [f"SKU-{i:04d},Widget {i},{warehouse},{(i * 37) % 500},{50 + i % 25}" for i in range(6_000)]
    return "\n".join(rows) + "\n"


# ---- toolstub's model-facing tools, over the session store ---------------------------
def make_tools(session):
    def toolstub_result_read(ref: str, offset: int = 0, limit: int = 20_000) -> str:
        return session.read(ref, offset=offset, limit=limit, include_metadata=False)["content"]

    def toolstub_result_search(ref: str, query: str, limit: int = 5) -> str:
        found = session.search(ref, query, limit=limit, context_chars=60)
        return json.dumps({"total": found.get("total"), "matches": found["matches"]}, ensure_ascii=False)

    def toolstub_result_query(ref: str, path: str) -> str:
        return json.dumps(session.query(ref, path, max_chars=2_000), ensure_ascii=False)

    return {
        "fetch_orders": fetch_orders,
        "tail_build_log": tail_build_log,
        "export_inventory": export_inventory,
        "toolstub_result_read": toolstub_result_read,
        "toolstub_result_search": toolstub_result_search,
        "toolstub_result_query": toolstub_result_query,
    }


# ---- the scripted model ------------------------------------------------------------
def call(call_id: str, name: str, **arguments) -> dict:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}


class ScriptedModel:
    """Turn 1: call the three tools. Turn 2: explore the stubs by ref. Turn 3: answer."""

    def __init__(self) -> None:
        self.turn = 0

    def respond(self, messages: list[dict]) -> dict:
        self.turn += 1
        if self.turn == 1:
            return {"role": "assistant", "content": None, "tool_calls": [
                call("call_orders", "fetch_orders", customer="acme"),
                call("call_log", "tail_build_log", job="ci-1234"),
                call("call_csv", "export_inventory", warehouse="berlin"),
            ]}
        if self.turn == 2:
            refs = {m["tool_call_id"]: REF_LINE.search(m["content"])[1] for m in messages if m.get("role") == "tool"}
            return {"role": "assistant", "content": None, "tool_calls": [
                call("call_search", "toolstub_result_search", ref=refs["call_log"], query="ERROR"),
                call("call_read", "toolstub_result_read", ref=refs["call_csv"], offset=0, limit=160),
                call("call_query", "toolstub_result_query", ref=refs["call_orders"], path="$.orders[?status == 'refunded'].id"),
            ]}
        search = json.loads(next(m["content"] for m in messages if m.get("tool_call_id") == "call_search"))
        error_line = search["matches"][0]["line"] if search["matches"] else "?"
        return {"role": "assistant", "content": f"The build failed once (line {error_line}): test_checkout_total."}


def context_chars(messages: list[dict]) -> int:
    return len(json.dumps(messages, ensure_ascii=False))


def run(store_url: str, session_id: str = "agent-demo") -> None:
    session = toolstub.open_store(store_url).session(session_id)
    tools = make_tools(session)
    model = ScriptedModel()
    messages: list[dict] = [{"role": "user", "content": "Why did CI fail, and which orders were refunded?"}]
    while True:
        reply = model.respond(messages)
        messages.append(reply)
        if not reply.get("tool_calls"):
            break
        for tc in reply["tool_calls"]:
            output = tools[tc["function"]["name"]](**json.loads(tc["function"]["arguments"]))
            messages.append({"role": "tool", "tool_call_id": tc["id"], "content": output})
        raw_size = context_chars(messages)
        result = externalize(messages, format="openai", store=session)
        messages = result.messages
        report = result.report.to_dict()
        print(f"== turn {model.turn}: {len(reply['tool_calls'])} tool calls")
        print(f"   context: {raw_size:,} chars raw -> {context_chars(messages):,} chars after externalize")
        for part in result.report.stored:
            print(f"   stored {part.tool_name}: {part.kind}, {part.chars_before:,} -> {part.chars_after:,} chars ({part.reason})")
            print(f"     {part.ref}")
        if not result.report.stored:
            print("   nothing stored: every output is small and stays as returned")
        print(f"   turn report: saved {report['saved_chars']:,} of {report['chars_before']:,} tool-output chars ({report['share_saved']:.1%})")
    print("== the stub the model saw for the build log:")
    log_stub = next(m["content"] for m in messages if m.get("tool_call_id") == "call_log")
    print("\n".join("   " + line for line in log_stub.splitlines()))
    print("== what the model got back by ref:")
    for call_id in ("call_search", "call_read", "call_query"):
        content = next(m["content"] for m in messages if m.get("tool_call_id") == call_id)
        shown = content if content.startswith("{") else json.dumps(content)
        print(f"   {call_id}: {shown[:300]}{'...' if len(shown) > 300 else ''}")
    print(f"== final answer: {messages[-1]['content']}")
    restored = hydrate(messages, format="openai", store=session)
    raw_log = next(m["content"] for m in restored if m.get("tool_call_id") == "call_log")
    print(f"== hydrate: build log restored exactly: {raw_log == tail_build_log('ci-1234')}; "
          f"stored results in the session: {len(session.list()['tool_results'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=None, help="store URL (default: a temporary folder)")
    args = parser.parse_args()
    if args.store:
        run(args.store)
        return
    with tempfile.TemporaryDirectory(prefix="toolstub-agent-") as folder:
        run(folder)


if __name__ == "__main__":
    main()
