from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

app = FastAPI(title="Items")


class Item(BaseModel):
    name: str
    price: float


ITEMS: dict[int, Item] = {}


@app.get("/items/{item_id}")
async def read_item(item_id: int) -> Item:
    if item_id not in ITEMS:
        raise HTTPException(status_code=404, detail="not found")
    return ITEMS[item_id]
