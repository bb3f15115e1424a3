<?php

namespace App\Http\Controllers;

use App\Models\Post;
use Illuminate\Http\Request;

class PostController extends Controller
{
    public function index()
    {
        return Post::latest()->paginate(20);
    }

    public function store(Request $request)
    {
        $data = $request->validate(['title' => 'required|max:255', 'body' => 'required']);
        return Post::create($data);
    }
}
